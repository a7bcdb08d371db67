// Flagging a machine broken down and back in service through the API, and the brokendown hours
// the engine then finds for the days the breakdown covered.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const HOUR_MS = 3_600_000;

describeServer('machine breakdowns', { users: ['admin'] }, (fixture) => {
  let machineId: string;

  beforeAll(async () => {
    // A machine of the admin's organisation with no telemetry and no breakdown.
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN membership ms ON ms.organisation_id = m.organisation_id
         JOIN app_user u ON u.id = ms.user_id
        WHERE u.email = 'admin@demo.example' AND NOT m.breakdown AND m.archived_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM source s WHERE s.machine_id = m.id)
        ORDER BY m.name LIMIT 1`,
    );
    machineId = machine?.id ?? '';
  });

  const put = (body: unknown, token = fixture.admin, id = machineId) =>
    call<{ field?: string; breakdown?: boolean; from?: string; to?: string | null }>(
      fixture.server,
      'PUT',
      `/v1/portal/machines/${id}/breakdown`,
      { token, body },
    );

  it('opens and closes a breakdown period, refusing what makes no sense', async () => {
    expect(machineId).not.toBe('');
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    expect((await put({ breakdown: true }, viewer)).status).toBe(403);
    const future = await put({
      breakdown: true,
      at: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.field).toBe('at');
    expect((await put({ breakdown: 'yes' })).status).toBe(400);
    expect((await put({ breakdown: false })).status).toBe(409);
    expect(
      (await put({ breakdown: true }, fixture.admin, '00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);

    const nowMs = Math.floor(Date.now() / 1000) * 1000;
    const brokeAt = new Date(nowMs - 48 * HOUR_MS).toISOString();
    const opened = await put({ breakdown: true, at: brokeAt, note: 'Track tensioner failed' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ breakdown: true, from: brokeAt, to: null });
    expect((await put({ breakdown: true })).status).toBe(409);
    const early = await put({
      breakdown: false,
      at: new Date(Date.now() - 72 * HOUR_MS).toISOString(),
    });
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('at');

    const repairedAt = new Date(nowMs - 24 * HOUR_MS).toISOString();
    const closed = await put({ breakdown: false, at: repairedAt });
    expect(closed.body).toMatchObject({ breakdown: false, from: brokeAt, to: repairedAt });
    const [flag] = await fixture.server.db.query<{ breakdown: boolean }>(
      'SELECT breakdown FROM machine WHERE id = $1',
      [machineId],
    );
    expect(flag?.breakdown).toBe(false);
  });

  it('counts the breakdown as brokendown hours, even for a machine that sent nothing', async () => {
    await fixture.server.rollups.drain();
    const [total] = await fixture.server.db.query<{ brokendown_s: number; other_s: number }>(
      `SELECT sum(brokendown_s) AS brokendown_s, sum(active_s + idle_s + off_s + missing_s) AS other_s
         FROM machine_day_rollup WHERE machine_id = $1`,
      [machineId],
    );
    expect(total?.brokendown_s).toBeCloseTo(24 * 3600, 3);
    expect(total?.other_s).toBe(0);
  });
});
