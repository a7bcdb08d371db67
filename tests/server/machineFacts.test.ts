// What the machine list says about each machine beyond its hours: where it was last seen, who
// operates it (assigned here, or the key reported on its tracker), whether its tracker is still
// learning, and the time after its last record counted as no data.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { MachineActivityReply } from '../../src/domain/api/machineActivity.ts';
import type { MachineListReply, MachineRow } from '../../src/domain/api/machines.ts';
import { zonedDate } from '../../src/domain/zonedTime.ts';
import { emptyRecord, type TelemetryRecord } from '../../server/telemetry/record.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const HOUR_MS = 3_600_000;
const ZONE = 'Europe/London';
const KEY = '00A1B2C3D4E5F607';

describeServer('machine facts', { users: ['admin', 'viewer'] }, (fixture) => {
  let machineId: string;
  let code: string;
  /** Whole hours, three days back: the machine worked two hours then, and has been silent since. */
  const workedFromMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 72 * HOUR_MS;

  const record = (minute: number, changes: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
    ...emptyRecord('TELTONIKA', code, workedFromMs + minute * 60_000, Date.now()),
    ignition: true,
    engineRpm: 1600,
    latitude: 51.5 + minute / 10_000,
    longitude: -0.1,
    satellites: 9,
    ...changes,
  });
  const row = async (query = '&start=max&end=max') => {
    const reply = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?show=all&filter=machine:${machineId}${query}`,
      { token: fixture.admin },
    );
    return reply.body.machines[0] as MachineRow;
  };

  beforeAll(async () => {
    const [tracker] = await fixture.server.db.query<{ code: string; machine_id: string }>(
      `SELECT s.code, s.machine_id FROM source s JOIN machine m ON m.id = s.machine_id
        WHERE m.asset_id = 'NPH-1101'`,
    );
    machineId = tracker?.machine_id ?? '';
    code = tracker?.code ?? '';
  });

  it('is learning until its tracker has reported for a day, and then has a place', async () => {
    await fixture.server.ingest([record(0), record(30)]);
    await fixture.server.rollups.drain();
    const early = await row();
    expect(early.isLearning).toBe(true);
    expect(early.location).toEqual({
      latitude: 51.503,
      longitude: -0.1,
      lastUpdated: new Date(workedFromMs + 30 * 60_000).toISOString(),
    });
    // A fix with too few satellites, or on the equator or the meridian, does not move it.
    await fixture.server.ingest([
      record(40, { satellites: 2, latitude: 52 }),
      record(41, { latitude: 0 }),
      record(42, { longitude: 0 }),
    ]);
    expect((await row()).location?.latitude).toBe(51.503);
    // A record a day later: the tracker has now been seen over a whole day.
    await fixture.server.ingest([
      record(120, { ignition: false, engineRpm: 0 }),
      record(24 * 60 + 1),
    ]);
    await fixture.server.rollups.drain();
    expect((await row()).isLearning).toBe(false);
  });

  it('takes the operator from the key the tracker reports, named by the organisation', async () => {
    await fixture.server.ingest([record(24 * 60 + 2, { driverKey: KEY })]);
    const keyed = await row();
    expect(keyed.operator).toEqual({
      operator: KEY,
      assignedAt: new Date(workedFromMs + (24 * 60 + 2) * 60_000).toISOString(),
    });

    // An admin assigns someone, and names the key at the same time.
    const assigned = await call<MachineRow>(
      fixture.server,
      'PUT',
      `/v1/machines/${machineId}/operator`,
      {
        token: fixture.admin,
        body: { operator: 'Jo Bloggs', nameKey: true },
      },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body.operator?.operator).toBe('Jo Bloggs');
    expect((await row('&start=max&end=max&q=bloggs')).id).toBe(machineId);

    // The key reported again later is newer than the assignment: its name is the operator.
    await fixture.server.ingest([record(0, { driverKey: KEY, deviceTimeMs: Date.now() + 1000 })]);
    expect((await row()).operator?.operator).toBe('Jo Bloggs');
    const [named] = await fixture.server.db.query<{ name: string }>(
      'SELECT name FROM operator_key WHERE key = $1',
      [KEY],
    );
    expect(named?.name).toBe('Jo Bloggs');
  });

  it('refuses an operator from a viewer, a blank name and another organisation', async () => {
    const put = (body: unknown, as = fixture.admin, id = machineId) =>
      call(fixture.server, 'PUT', `/v1/machines/${id}/operator`, { token: as, body });
    expect((await put({ operator: 'X' }, fixture.viewer)).status).toBe(403);
    expect(await put({ operator: '   ' })).toMatchObject({
      status: 400,
      body: { field: 'operator' },
    });
    expect(
      (await put({ operator: 'X' }, fixture.admin, '00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    expect((await put({ operator: null })).status).toBe(200);
  });

  it('counts the time after the last record as no data, to the end of the range or now', async () => {
    const from = zonedDate(new Date(workedFromMs), ZONE);
    const to = zonedDate(new Date(), ZONE);
    const activity = await call<MachineActivityReply>(
      fixture.server,
      'GET',
      `/v1/machines/${machineId}/activity?startDate=${from}&endDate=${to}`,
      { token: fixture.admin },
    );
    expect(activity.status).toBe(200);
    const [ended] = await fixture.server.db.query<{ to_at: Date }>(
      'SELECT max(to_at) AS to_at FROM activity_segment WHERE machine_id = $1',
      [machineId],
    );
    const endMs = ended?.to_at.getTime() ?? 0;
    const today = activity.body.days.at(-1);
    // Today holds no record: from its midnight (or the last segment's end) to now is no data.
    const midnightMs = Date.parse(today?.segments[0]?.from ?? '');
    expect(today?.missingHours).toBeCloseTo(
      (Date.now() - Math.max(endMs, midnightMs)) / HOUR_MS,
      1,
    );
    expect(today?.segments.at(-1)?.state).toBe('missing');

    // The list's figures over the same days agree with the timeline.
    const hours = (key: 'activeHours' | 'idleHours' | 'offHours' | 'missingHours') =>
      activity.body.days.reduce((sum, day) => sum + day[key], 0);
    const recorded = hours('activeHours') + hours('idleHours') + hours('offHours');
    const listed = await row(`&start=${from}&end=${to}`);
    const expected = (recorded / (recorded + hours('missingHours'))) * 100;
    expect(listed.activitySummary.missingPercentage.value).toBeCloseTo(expected, 0);
    expect(hours('missingHours')).toBeGreaterThan(40);
  });
});
