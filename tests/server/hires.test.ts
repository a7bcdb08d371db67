// Hires through HTTP on both databases (issue 41): put on hire, the one-hire-at-a-time and
// broken-down rules, off-hire, extend, swap and cancel; the customer's read-only view; the ERP's
// idempotent upsert and its CSV import (dry run, apply, a bad row refusing the whole file); the
// viewer's 403 and another organisation's 404; and every write in the audit trail.
// @clock-relative: hires are placed days around now; what is asserted is their order, not dates.
import { beforeAll, expect, it } from 'vitest';
import type { Hire, HireImportReply, SwapReply } from '../../src/domain/api/hires.ts';
import { flaggedHires } from '../../server/modules/hires/index.ts';
import { engineRun, sendRecords } from '../support/fleet.ts';
import { newClientToken } from '../support/apiClients.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

interface Machine {
  id: string;
  name: string;
  asset_id: string;
}

describeServer('hires', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  let free: Machine[];
  let harrowId: string;

  beforeAll(async () => {
    // Machines of the rental company back from their last hire days before the test's windows.
    free = await fixture.server.db.query<Machine>(
      `SELECT m.id, m.name, m.asset_id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL AND NOT m.breakdown
          AND m.asset_id IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM hire h WHERE h.machine_id = m.id
               AND (h.ends_at IS NULL OR h.ends_at > now() - interval '4 days'))
        ORDER BY m.asset_id LIMIT 7`,
    );
    const [harrow] = await fixture.server.db.query<{ id: string }>(
      "SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'",
    );
    harrowId = harrow?.id ?? '';
    expect(free).toHaveLength(7);
  });

  const machine = (i: number): Machine => {
    const found = free[i];
    if (!found) throw new Error(`no free machine ${i}`);
    return found;
  };
  const send = <T = Hire & { field?: string; message?: string }>(
    method: string,
    path: string,
    body?: unknown,
    token = fixture.admin,
  ) => call<T>(fixture.server, method, `/v1/portal/hires${path}`, { body, token });

  it('puts a machine on hire to a customer organisation, which then reads it but cannot change it', async () => {
    const made = await send('POST', '', {
      machineId: machine(0).id,
      contractNumber: 'T-100',
      customerOrganisationId: harrowId,
      onHireAt: inDays(-2),
      contractedHoursPer: 'week',
      contractedHours: 45,
      overusePeriod: 'week',
      overuseAllowanceH: 40,
      overuseRate: 35.5,
      note: 'Deliver by the gate',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      machineId: machine(0).id,
      assetId: machine(0).asset_id,
      contractNumber: 'T-100',
      customer: 'Harrow Civil Engineering',
      status: 'onHire',
      offHireAt: null,
      contractedHours: 45,
      overuseRate: 35.5,
      note: 'Deliver by the gate',
    });
    const [stored] = await fixture.server.db.query<{ working_hours_per_day: number }>(
      'SELECT working_hours_per_day FROM hire WHERE id = $1',
      [made.body.id],
    );
    expect(stored?.working_hours_per_day).toBe(9);

    const seen = await send('GET', `/${made.body.id}`, undefined, fixture.customer);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ contractNumber: 'T-100', note: null });
    const list = await send<Hire[]>(
      'GET',
      `?filter=${encodeURIComponent('{"q":"T-100"}')}`,
      undefined,
      fixture.customer,
    );
    expect(list.body.map((hire) => hire.id)).toEqual([made.body.id]);
    expect(list.headers.get('content-range')).toBe('hires 0-0/1');
    // The rental company finds it by machine, by customer organisation, and by state.
    const found = async (filter: Record<string, string>) =>
      (await send<Hire[]>('GET', `?filter=${encodeURIComponent(JSON.stringify(filter))}`)).body.map(
        (hire) => hire.id,
      );
    expect(await found({ q: machine(0).asset_id.slice(-3) })).toContain(made.body.id);
    expect(await found({ q: 'harrow civil' })).toContain(made.body.id);
    expect(await found({ status: 'onHire', machineId: machine(0).id })).toEqual([made.body.id]);
    expect(await found({ status: 'future', machineId: machine(0).id })).toEqual([]);
    // The customer is not the company that let the machine, so it changes nothing.
    const patch = await send('PATCH', `/${made.body.id}`, { note: 'x' }, fixture.customer);
    expect(patch.status).toBe(403);
  });

  it('refuses a second hire of the machine at the same time, naming the first', async () => {
    const clash = await send('POST', '', {
      machineId: machine(0).id,
      contractNumber: 'T-101',
      customerName: 'Walk-in',
      onHireAt: inDays(5),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('T-100');
  });

  it('names the field of a bad hire and leaves nothing behind', async () => {
    const base = { machineId: machine(1).id, contractNumber: 'T-BAD', onHireAt: inDays(1) };
    const cases: [Record<string, unknown>, string][] = [
      [base, 'customerName'],
      [{ ...base, customerName: 'A', offHireAt: inDays(0) }, 'offHireAt'],
      [{ ...base, customerName: 'A', overusePeriod: 'day', overuseAllowanceH: 8 }, 'overuseRate'],
      [{ ...base, customerName: 'A', contractedHours: 30 }, 'contractedHours'],
      [{ ...base, customerOrganisationId: machine(1).id }, 'customerOrganisationId'],
      [{ ...base, customerName: 'A', onHireAt: 'tomorrow' }, 'onHireAt'],
    ];
    for (const [body, field] of cases) {
      const reply = await send('POST', '', body);
      expect([reply.status, reply.body.field]).toEqual([400, field]);
    }
    const other = await send('POST', '', { ...base, customerName: 'A', machineId: harrowId });
    expect(other.status).toBe(404);
    const none = await send<Hire[]>('GET', `?filter=${encodeURIComponent('{"q":"T-BAD"}')}`);
    expect(none.body).toEqual([]);
  });

  it('puts a broken-down machine on hire only with a reason, and keeps the reason', async () => {
    await fixture.server.db.query('UPDATE machine SET breakdown = true WHERE id = $1', [
      machine(2).id,
    ]);
    const hire = {
      machineId: machine(2).id,
      contractNumber: 'T-200',
      customerName: 'Acme',
      onHireAt: inDays(1),
    };
    const refused = await send('POST', '', hire);
    expect([refused.status, refused.body.field]).toEqual([409, 'overrideReason']);
    const allowed = await send('POST', '', {
      ...hire,
      overrideReason: 'Tracks repaired, sign-off pending',
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body.overrideReason).toBe('Tracks repaired, sign-off pending');
    // A future hire is cancelled, not off-hired.
    expect((await send('DELETE', `/${allowed.body.id}`)).status).toBe(204);
    expect((await send('GET', `/${allowed.body.id}`)).status).toBe(404);
    await fixture.server.db.query('UPDATE machine SET breakdown = false WHERE id = $1', [
      machine(2).id,
    ]);
  });

  it('off-hires, extends and swaps, closing one hire and opening the next on the same contract', async () => {
    const made = await send('POST', '', {
      machineId: machine(3).id,
      contractNumber: 'T-300',
      customerName: 'Bridge Co',
      onHireAt: inDays(-3),
      offHireAt: inDays(2),
    });
    expect(made.status).toBe(201);
    const extended = await send('POST', `/${made.body.id}/extend`, { offHireAt: inDays(9) });
    expect(extended.status).toBe(200);
    expect(Date.parse(extended.body.offHireAt ?? '')).toBeGreaterThan(
      Date.parse(made.body.offHireAt ?? ''),
    );
    const shorter = await send('POST', `/${made.body.id}/extend`, { offHireAt: inDays(1) });
    expect([shorter.status, shorter.body.field]).toEqual([400, 'offHireAt']);

    const swapped = await send<SwapReply & { field?: string }>('POST', `/${made.body.id}/swap`, {
      machineId: machine(4).id,
      at: inDays(-1),
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.closed).toMatchObject({
      status: 'offHired',
      offHireAt: swapped.body.opened.onHireAt,
    });
    expect(swapped.body.opened).toMatchObject({
      machineId: machine(4).id,
      contractNumber: 'T-300',
      customer: 'Bridge Co',
      status: 'onHire',
      offHireAt: extended.body.offHireAt,
      swappedFromHireId: made.body.id,
    });
    // A started hire is off-hired, not cancelled; then it is over.
    expect((await send('DELETE', `/${swapped.body.opened.id}`)).status).toBe(409);
    const off = await send('POST', `/${swapped.body.opened.id}/off-hire`, {});
    expect(off.body.status).toBe('offHired');
    expect((await send('POST', `/${swapped.body.opened.id}/off-hire`, {})).status).toBe(409);
  });

  it('lets an ERP upsert by contract and asset id: the same body twice changes nothing', async () => {
    const path = `/by-contract/ERP-1/${encodeURIComponent(machine(5).asset_id)}`;
    const body = { customerName: 'Riverside Homes', onHireAt: inDays(-1), contractedHours: 10 };
    const first = await send('PUT', path, body);
    expect(first.status).toBe(201);
    const second = await send('PUT', path, body);
    expect(second.status).toBe(200);
    expect(second.body.updatedAt).toBe(first.body.updatedAt);
    const changed = await send('PUT', path, { ...body, offHireAt: inDays(3) });
    expect(changed.status).toBe(200);
    expect(changed.body.id).toBe(first.body.id);
    expect(changed.body.offHireAt).not.toBeNull();
    const unknown = await send('PUT', '/by-contract/ERP-1/NO-SUCH-ASSET', body);
    expect([unknown.status, unknown.body.field]).toEqual([404, 'assetId']);
  });

  it('lets an ERP write hires through a hires:write client, audited as that client', async () => {
    const erp = await newClientToken(fixture.server, fixture.admin, {
      name: 'Dealer ERP',
      scopes: ['hires:write'],
    });
    const path = `/by-contract/ERP-1/${encodeURIComponent(machine(5).asset_id)}`;
    const body = {
      customerName: 'Riverside Homes',
      onHireAt: inDays(-1),
      contractedHours: 10,
      offHireAt: inDays(4),
    };
    const written = await send('PUT', path, body, erp);
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    // Writing hires includes reading them.
    const read = await send('GET', `/${written.body.id}`, undefined, erp);
    expect(read.body.offHireAt).toBe(written.body.offHireAt);
    const [audit] = await fixture.server.db.query<{
      actor_user_id: string | null;
      actor_api_client_id: string | null;
      actor_email: string;
    }>(
      `SELECT actor_user_id, actor_api_client_id, actor_email FROM audit_event
        WHERE action = 'hire.edited' ORDER BY at DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ actor_user_id: null, actor_email: 'API client Dealer ERP' });
    expect(audit?.actor_api_client_id).toEqual(expect.any(String));
    // A client that reads hires may not write them; the writing one may do nothing else.
    const board = await newClientToken(fixture.server, fixture.admin, {
      name: 'Hire board',
      scopes: ['hires:read'],
    });
    expect((await send('GET', '', undefined, board)).status).toBe(200);
    expect((await send('PUT', path, body, board)).status).toBe(403);
    const list = await call(fixture.server, 'GET', '/v1/portal/machines/list?start=max&end=max', {
      token: erp,
    });
    expect(list.status).toBe(403);
  });

  it('imports a CSV: a dry run writes nothing, one bad row refuses the file, then it applies', async () => {
    const csv = (rows: string[]) =>
      ['contractNumber,assetId,customerName,onHireAt,offHireAt,contractedHours', ...rows].join(
        '\n',
      );
    const good = [
      `ERP-1,${machine(5).asset_id},Riverside Homes,${inDays(-1)},${inDays(4)},10`,
      `ERP-2,${machine(1).asset_id},Riverside Homes,${inDays(10)},,8`,
    ];
    const upload = (text: string, query = '', token = fixture.admin) =>
      fetch(`${fixture.server.url}/v1/portal/hires/import${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: text,
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as HireImportReply & {
          rows: { row?: number; message?: string }[];
        },
      }));

    const dry = await upload(csv(good));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ applied: false, created: 1, updated: 1, unchanged: 0 });
    expect(
      (await send<Hire[]>('GET', `?filter=${encodeURIComponent('{"q":"ERP-2"}')}`)).body,
    ).toEqual([]);

    const bad = await upload(
      csv([...good, `ERP-3,${machine(1).asset_id},Riverside Homes,soon,,8`]),
      '?apply=true',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.rows).toEqual([{ row: 4, message: expect.stringContaining('onHireAt') }]);
    const clash = await upload(
      csv([...good, `ERP-3,${machine(1).asset_id},Riverside Homes,${inDays(11)},,8`]),
      '?apply=true',
    );
    expect(clash.status).toBe(400);
    expect(clash.body.rows).toEqual([{ row: 4, message: expect.stringContaining('ERP-2') }]);
    expect(
      (await send<Hire[]>('GET', `?filter=${encodeURIComponent('{"q":"ERP-2"}')}`)).body,
    ).toEqual([]);

    expect((await upload(csv(good), '?apply=true', fixture.viewer)).status).toBe(403);
    const applied = await upload(csv(good), '?apply=true');
    expect(applied.body).toMatchObject({ applied: true, created: 1, updated: 1 });
    const again = await upload(csv(good), '?apply=true');
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("recomputes the customer's part-days in the background after a late off-hire", async () => {
    const noon = (days: number) => `${inDays(days).slice(0, 10)}T12:00:00.000Z`;
    // The machine works from 10:00 to 15:00 on both days: each part-day has figures.
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s)
       VALUES ('TELTONIKA', 'HIRE-LATE-1', $1, 60) RETURNING id`,
      [machine(6).id],
    );
    for (const day of [-3, -2]) {
      const from = new Date(Date.parse(noon(day)) - 2 * 3_600_000).toISOString();
      await sendRecords(fixture.server, source?.id ?? '', engineRun(from, 300));
    }
    const made = await send('POST', '', {
      machineId: machine(6).id,
      contractNumber: 'T-LATE',
      customerOrganisationId: harrowId,
      onHireAt: noon(-3),
    });
    expect(made.status).toBe(201);
    const partDays = async () => {
      await fixture.server.rollups.drain();
      const rows = await fixture.server.db.query<{ day: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM machine_hire_day_rollup
          WHERE hire_id = $1 ORDER BY day`,
        [made.body.id],
      );
      return rows.map((row) => row.day);
    };
    // The hire began at noon: its first day is a part-day of its own.
    expect(await partDays()).toEqual([noon(-3).slice(0, 10)]);
    // Off-hired late, at noon two days ago: that day becomes the hire's last part-day.
    const off = await send('POST', `/${made.body.id}/off-hire`, { offHireAt: noon(-2) });
    expect(off.body.status).toBe('offHired');
    expect(await partDays()).toEqual([noon(-3).slice(0, 10), noon(-2).slice(0, 10)]);
  });

  it('refuses a viewer every write and keeps each write in the audit trail', async () => {
    const body = {
      machineId: machine(2).id,
      contractNumber: 'T-V',
      customerName: 'A',
      onHireAt: inDays(20),
    };
    expect((await send('POST', '', body, fixture.viewer)).status).toBe(403);
    expect(
      (await send('PUT', `/by-contract/T-V/${machine(2).asset_id}`, body, fixture.viewer)).status,
    ).toBe(403);
    const actions = await fixture.server.db.query<{ action: string }>(
      "SELECT DISTINCT action FROM audit_event WHERE action LIKE 'hire.%' ORDER BY action",
    );
    expect(actions.map((row) => row.action)).toEqual([
      'hire.cancelled',
      'hire.created',
      'hire.edited',
      'hire.extended',
      'hire.imported',
      'hire.off-hired',
      'hire.swapped',
    ]);
  });

  it('flags a machine idle on hire and one not returned, lists them, and alerts each bout once', async () => {
    // Four new machines of the rental company, with no past to blur their flags.
    const quiet = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name, asset_id, category)
       SELECT o.id, 'Flag test ' || n, 'FLAG-' || n, 'Excavator'
         FROM organisation o, generate_series(1, 4) n WHERE o.name = 'Northbank Plant Hire'
       RETURNING id`,
    );
    expect(quiet).toHaveLength(4);
    const [idle, away, back, fed] = quiet.map((m) => m.id) as [string, string, string, string];
    const hire = async (
      machineId: string | undefined,
      contract: string,
      offHireAt: string | null,
    ) =>
      (
        await send('POST', '', {
          machineId,
          contractNumber: contract,
          customerName: 'Flag Test Ltd',
          onHireAt: inDays(-10),
          offHireAt,
        })
      ).body;
    const idleHire = await hire(idle, 'F-IDLE', null);
    const awayHire = await hire(away, 'F-AWAY', inDays(-2));
    const backHire = await hire(back, 'F-BACK', inDays(-2));
    // The machine not returned still works, half a day ago, after its off-hire.
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s)
       VALUES ('TELTONIKA', 'HIRE-FLAG-1', $1, 60) RETURNING id`,
      [away],
    );
    await sendRecords(fixture.server, source?.id ?? '', engineRun(inDays(-0.5), 60));
    // A machine known only through its OEM's feed worked a day ago: its hours fill day rollups,
    // not segments, and it is not idle.
    await hire(fed, 'F-OEM', null);
    const [feed] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s)
       VALUES ('KOMATSU', 'HIRE-FLAG-OEM', $1, 3600) RETURNING id`,
      [fed],
    );
    const feedStartMs = Date.parse(inDays(-1));
    await sendRecords(
      fixture.server,
      feed?.id ?? '',
      Array.from({ length: 7 }, (_, k) => ({
        deviceTime: new Date(feedStartMs + k * 3_600_000).toISOString(),
        operatingHoursH: 100 + k * 0.8,
        idleHoursH: 20 + k * 0.1,
      })),
    );
    await fixture.server.rollups.drain();

    const flagged = async (flag: string) => {
      const reply = await call<Hire[]>(
        fixture.server,
        'GET',
        `/v1/portal/hires?filter=${encodeURIComponent(JSON.stringify({ flag }))}&range=${encodeURIComponent('[0,499]')}`,
        { token: fixture.admin },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.map((h) => h.contractNumber);
    };
    expect(await flagged('idleOnHire')).toContain('F-IDLE');
    expect(await flagged('idleOnHire')).not.toContain('F-AWAY');
    expect(await flagged('idleOnHire')).not.toContain('F-OEM');
    expect(await flagged('notReturned')).toContain('F-AWAY');
    expect(await flagged('notReturned')).not.toContain('F-BACK');
    const counts = await call<{ idleOnHire: number; notReturned: number }>(
      fixture.server,
      'GET',
      '/v1/portal/hires/flags',
      { token: fixture.admin },
    );
    expect(counts.body.notReturned).toBeGreaterThanOrEqual(1);
    const bad = await call<{ field: string }>(
      fixture.server,
      'GET',
      `/v1/portal/hires?filter=${encodeURIComponent('{"flag":"lost"}')}`,
      { token: fixture.admin },
    );
    expect(bad.body.field).toBe('filter.flag');

    // The alert worker raises each once, however often it looks: the machine not returned now (it
    // worked after its off-hire), each idle one as its working days ran out.
    const idleFlag = (await flaggedHires(fixture.server.db, Date.now())).find(
      (flag) => flag.hireId === idleHire.id,
    );
    expect(idleFlag?.sinceMs).toBe(Date.parse(idleHire.onHireAt));
    for (const atMs of [Date.now(), Date.now(), (idleFlag?.flaggedAtMs ?? 0) + 3_600_000]) {
      await fixture.server.app.alerts.run(atMs);
    }
    const alerts = await fixture.server.db.query<{ alert_type: string; subject_id: string }>(
      `SELECT alert_type, subject_id FROM alert WHERE subject_id = ANY($1::uuid[]) ORDER BY alert_type`,
      [[idleHire.id, awayHire.id, backHire.id]],
    );
    // A week ago all three were on hire and idle; now one is not returned.
    expect(alerts.map((a) => `${a.alert_type} ${a.subject_id}`).sort()).toEqual(
      [
        `idleOnHire ${idleHire.id}`,
        `idleOnHire ${awayHire.id}`,
        `idleOnHire ${backHire.id}`,
        `notReturned ${awayHire.id}`,
      ].sort(),
    );
  });
});
