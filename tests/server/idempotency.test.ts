// The Idempotency-Key header on writes (issue 44), through HTTP on both databases: a phone's
// queued meter reading sent twice is recorded once and answered the same both times; the key sent
// with another request is refused; a refusal (a reading below the meter's) is answered the same
// again; a bad key names itself.
// @clock-relative: readings are placed just before now.
import { beforeAll, expect, it } from 'vitest';
import type { MeterReading } from '../../src/domain/api/meters.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('idempotency', { users: ['admin', 'viewer'] }, (fixture) => {
  let machineId: string;

  beforeAll(async () => {
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL ORDER BY m.name LIMIT 1`,
    );
    machineId = machine?.id ?? '';
  });

  const read = (key: string, valueH: number, readAt: string, token = fixture.admin) =>
    call<MeterReading & { field?: string; message?: string }>(
      fixture.server,
      'POST',
      `/v1/portal/machines/${machineId}/meter-readings`,
      { token, body: { valueH, readAt }, headers: { 'Idempotency-Key': key } },
    );
  const readings = async () =>
    (
      await fixture.server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM meter_reading WHERE machine_id = $1`,
        [machineId],
      )
    )[0]?.n ?? 0;
  const trail = async () =>
    (
      await fixture.server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_event
          WHERE action = 'api.write' AND path = '/v1/portal/machines/:id/meter-readings'`,
      )
    )[0]?.n ?? 0;

  it('makes a write once and answers it the same when its key comes again', async () => {
    const before = await readings();
    const readAt = new Date(Date.now() - 60_000).toISOString();
    const first = await read('phone-1-reading-1', 52_000, readAt);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const again = await read('phone-1-reading-1', 52_000, readAt);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await readings()).toBe(before + 1);
    expect(await trail()).toBe(1);

    // The key with another reading: refused, and nothing written.
    const other = await read('phone-1-reading-1', 52_010, readAt);
    expect([other.status, other.body.field]).toEqual([422, 'Idempotency-Key']);
    expect(await readings()).toBe(before + 1);
  });

  it('answers a refused write the same again, and names a bad key', async () => {
    // Below the meter's current value: refused with that value, and the same refusal again.
    const lower = new Date(Date.now() - 30_000).toISOString();
    const refused = await read('phone-1-reading-2', 10, lower);
    expect([refused.status, refused.body.field]).toEqual([400, 'valueH']);
    expect(refused.body.message).toContain("below the meter's current reading of 52000 h");
    const again = await read('phone-1-reading-2', 10, lower);
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.message).toBe(refused.body.message);

    const bad = await read('has spaces', 52_100, lower);
    expect([bad.status, bad.body.field]).toEqual([400, 'Idempotency-Key']);
    // A viewer's write is refused before any key is kept: the key is still free for the admin.
    const viewer = await read('phone-2-reading-1', 52_100, lower, fixture.viewer);
    expect(viewer.status).toBe(403);
    const admin = await read('phone-2-reading-1', 52_100, lower);
    expect(admin.status, JSON.stringify(admin.body)).toBe(201);
    expect(admin.headers.get('idempotency-replayed')).toBeNull();
  });

  it('uploads a queued photo once, though the browser draws a new boundary each time', async () => {
    const upload = () => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])]),
        'dial.jpg',
      );
      return fetch(`${fixture.server.url}/v1/portal/files?type=photo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.admin}`, 'idempotency-key': 'phone-3-photo' },
        body: form,
      });
    };
    const first = await upload();
    const second = await upload();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(((await second.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
  });
});
