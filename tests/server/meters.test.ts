// Hour meters through HTTP on both databases (issue 41): readings that never go down (a decrease
// refused naming valueH and the current value), a replacement and a rollover accepted, an
// out-of-order reading kept without changing what follows, the device values the worker reads
// (with a device's own reset), the leading source, drift against the engine's count, the older
// correction call, and the viewer's 403 and another organisation's 404.
// @clock-relative: readings are placed hours and days before now; what is asserted is their order.
import { beforeAll, expect, it } from 'vitest';
import type { Hire, HireUsage } from '../../src/domain/api/hires.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import type { DriftingMeter, MeterReading, MeterReply } from '../../src/domain/api/meters.ts';
import { demoMachines, engineRun, sendRecords } from '../support/fleet.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const HOUR_MS = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

describeServer('meters', { users: ['admin', 'viewer', 'staff'] }, (fixture) => {
  let idle: string[];

  beforeAll(async () => {
    // Machines with no activity in the last two weeks (no tracker, first): the engine's count
    // between readings is 0.
    const rows = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL AND NOT m.breakdown
          AND NOT EXISTS (SELECT 1 FROM hire h WHERE h.machine_id = m.id
                             AND (h.ends_at IS NULL OR h.ends_at > now() - interval '5 days'))
          AND NOT EXISTS (SELECT 1 FROM activity_segment a WHERE a.machine_id = m.id
                             AND a.state IN ('active', 'idle') AND a.to_at > now() - interval '14 days')
        ORDER BY NOT EXISTS (SELECT 1 FROM source s WHERE s.machine_id = m.id) DESC, m.name LIMIT 5`,
    );
    idle = rows.map((r) => r.id);
    expect(idle).toHaveLength(5);
  });

  const machine = (i: number) => idle[i] ?? '';
  const post = (machineId: string, body: unknown, token = fixture.admin) =>
    call<MeterReading & { field?: string; message?: string }>(
      fixture.server,
      'POST',
      `/v1/portal/machines/${machineId}/meter-readings`,
      { body, token },
    );
  const meter = async (machineId: string) => {
    const reply = await call<MeterReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}/meter-readings`,
      { token: fixture.admin },
    );
    expect(reply.status).toBe(200);
    return reply.body;
  };

  it('never goes down: a lower reading is refused naming valueH and the current value', async () => {
    const id = machine(0);
    const first = await post(id, { valueH: 1000, readAt: hoursAgo(240) });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ source: 'manual', kind: 'reading', lifetimeH: 1000 });

    const lower = await post(id, { valueH: 990.5, readAt: hoursAgo(120) });
    expect(lower.status).toBe(400);
    expect(lower.body.field).toBe('valueH');
    expect(lower.body.message).toContain('1000 h');

    expect((await post(id, { valueH: 1010, readAt: hoursAgo(120) })).status).toBe(201);
    // Read between the two: kept in the history, and the later reading stays where it was.
    const late = await post(id, { valueH: 1020, readAt: hoursAgo(168) });
    expect(late.status).toBe(201);
    expect(late.body.outOfOrder).toBe(true);
    const next = await post(id, { valueH: 1012, readAt: hoursAgo(96) });
    expect(next.status).toBe(201);
    expect(next.body.lifetimeH).toBe(1012);

    const view = await meter(id);
    expect(view.effectiveLead).toBe('computed');
    expect(view.hourMeter).toMatchObject({ source: 'computed', valueH: 1012 });
    expect(view.readings.map((r) => r.valueH)).toEqual([1012, 1010, 1020, 1000]);
    const [anchor] = await fixture.server.db.query<{ hour_meter_h: number }>(
      'SELECT hour_meter_h FROM machine WHERE id = $1',
      [id],
    );
    expect(anchor?.hour_meter_h).toBe(1012);
  });

  it('accepts a replaced meter and a rollover, and the lifetime count goes on', async () => {
    const id = machine(0);
    const badStart = await post(id, {
      valueH: 2,
      readAt: hoursAgo(72),
      replacement: { startingValueH: 5 },
    });
    expect(badStart.status).toBe(400);
    expect(badStart.body.field).toBe('replacement.startingValueH');

    const replaced = await post(id, {
      valueH: 3,
      readAt: hoursAgo(72),
      replacement: { startingValueH: 0 },
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ kind: 'replacement', valueH: 3, lifetimeH: 1015 });
    const after = await post(id, { valueH: 5, readAt: hoursAgo(48) });
    expect(after.body.lifetimeH).toBe(1017);

    // A five-digit tracker meter passes 9,999.9 h.
    const tracker = machine(1);
    expect(
      (await post(tracker, { valueH: 9999.5, readAt: hoursAgo(48), source: 'tracker' })).status,
    ).toBe(201);
    const wrapped = await post(tracker, { valueH: 0.4, readAt: hoursAgo(24), source: 'tracker' });
    expect(wrapped.status).toBe(400);
    expect(wrapped.body.field).toBe('valueH');
    const notBack = await post(tracker, {
      valueH: 10_000.5,
      readAt: hoursAgo(24),
      source: 'tracker',
      rollover: true,
    });
    expect(notBack.status).toBe(400);
    expect(notBack.body.field).toBe('rollover');
    const rolled = await post(tracker, {
      valueH: 0.5,
      readAt: hoursAgo(24),
      source: 'tracker',
      rollover: true,
    });
    expect(rolled.status).toBe(201);
    expect(rolled.body).toMatchObject({ kind: 'rollover', lifetimeH: 10_000.5 });
    // A replacement before the latest reading would rewrite what follows it.
    const early = await post(tracker, {
      valueH: 1,
      readAt: hoursAgo(36),
      source: 'tracker',
      replacement: { startingValueH: 0 },
    });
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('readAt');
  });

  it('leads with the tracker when there is one, or the source chosen', async () => {
    const id = machine(1);
    expect((await post(id, { valueH: 400, readAt: hoursAgo(30) })).status).toBe(201);
    const automatic = await meter(id);
    expect(automatic.effectiveLead).toBe('tracker');
    expect(automatic.hourMeter).toMatchObject({ source: 'tracker', valueH: 10_000.5 });
    const tracker = automatic.sources.find((s) => s.source === 'tracker');
    expect(tracker?.offsetH).toBe(0);

    const chosen = await call<MeterReply>(
      fixture.server,
      'PUT',
      `/v1/portal/machines/${id}/meter-lead`,
      { body: { lead: 'computed' }, token: fixture.admin },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ lead: 'computed', effectiveLead: 'computed' });
    expect(chosen.body.hourMeter?.valueH).toBe(400);
    const back = await call(fixture.server, 'PUT', `/v1/portal/machines/${id}/meter-lead`, {
      body: { lead: 'automatic' },
      token: fixture.admin,
    });
    expect(back.status).toBe(200);
  });

  it('refuses a viewer, another organisation’s machine and a file that is not the organisation’s', async () => {
    const body = { valueH: 5000, readAt: hoursAgo(1) };
    expect((await post(machine(2), body, fixture.viewer)).status).toBe(403);
    const { foreignId } = await demoMachines(fixture.server);
    expect((await post(foreignId, body)).status).toBe(404);
    const foreignRead = await call(
      fixture.server,
      'GET',
      `/v1/portal/machines/${foreignId}/meter-readings`,
      { token: fixture.admin },
    );
    expect(foreignRead.status).toBe(404);
    const photo = await post(machine(2), { ...body, fileId: crypto.randomUUID() });
    expect(photo.status).toBe(400);
    expect(photo.body.field).toBe('fileId');
    const future = await post(machine(2), { valueH: 1, readAt: hoursAgo(-2) });
    expect(future.body.field).toBe('readAt');
    expect((await meter(machine(2))).readings).toEqual([]);
  });

  it('keeps the older correction call as a reading that restarts the count', async () => {
    const id = machine(2);
    const corrected = await call(fixture.server, 'PATCH', `/v1/portal/machines/${id}/vhm`, {
      body: { time: hoursAgo(2), value: 250, timezone: 'Europe/London' },
      token: fixture.admin,
    });
    expect(corrected.status).toBe(200);
    const lower = await call(fixture.server, 'PATCH', `/v1/portal/machines/${id}/vhm`, {
      body: { time: hoursAgo(1), value: 240, timezone: 'Europe/London' },
      token: fixture.admin,
    });
    expect(lower.status).toBe(200);
    const view = await meter(id);
    expect(view.readings.map((r) => [r.kind, r.valueH])).toEqual([
      ['correction', 240],
      ['correction', 250],
    ]);
    expect(view.hourMeter?.valueH).toBe(240);
  });

  it('reads the tracker’s values into readings, a device that lost its count as a reset, and flags drift', async () => {
    const machineId = machine(3);
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s)
       VALUES ('TELTONIKA', 'METER-TEST-1', $1, 60) RETURNING id`,
      [machineId],
    );
    // Three hours of work about 36 h ago, the first in one six hours and the rest in the next. The
    // tracker's count follows the engine, restarts from 0 in a reboot after the first hour, and
    // climbs again; a record an hour ago closes the six hours.
    const BUCKET_MS = 6 * HOUR_MS;
    const startMs = Math.floor((Date.now() - 36 * HOUR_MS) / BUCKET_MS) * BUCKET_MS - HOUR_MS;
    const meterAt = (i: number) => (i < 60 ? 5000 + i / 60 : (i - 60) / 60);
    const run = engineRun(new Date(startMs).toISOString(), 180).map((record, i) => ({
      ...record,
      hourMeterH: Math.round(meterAt(i) * 20) / 20,
    }));
    await sendRecords(fixture.server, source?.id ?? '', [
      ...run,
      { deviceTime: hoursAgo(1), ignition: false, engineRpm: 0 },
    ]);
    const touched = await fixture.server.app.meters.run(Date.now());
    expect(touched.has(machineId)).toBe(true);
    const view = await meter(machineId);
    const tracker = view.readings.filter((r) => r.source === 'tracker');
    // Each six hours' last value: the reset goes on from the first with the engine's two hours.
    expect(tracker.map((r) => [r.kind, r.valueH])).toEqual([
      ['reset', 2],
      ['reading', 5001],
    ]);
    expect(tracker[0]?.lifetimeH).toBeCloseTo(5003, 1);
    // Run again: nothing new to read.
    expect((await fixture.server.app.meters.run(Date.now())).has(machineId)).toBe(false);

    // A person's readings that disagree with the engine's three hours by 10 h.
    await post(machineId, { valueH: 800, readAt: new Date(startMs - HOUR_MS).toISOString() });
    await post(machineId, { valueH: 813, readAt: new Date(startMs + 4 * HOUR_MS).toISOString() });
    const drifting = await meter(machineId);
    expect(drifting.drift).toMatchObject({ source: 'manual', flagged: true });
    expect(drifting.drift?.countedH).toBeCloseTo(3, 1);
    const staffList = await call<DriftingMeter[]>(
      fixture.server,
      'GET',
      '/v1/admin/machines/meter-drift',
      {
        token: fixture.staff,
      },
    );
    expect(staffList.body.map((m) => m.machineId)).toContain(machineId);
    // The list's filter finds it, and its hour meter names its source and reading time.
    const listed = async (filter: string) =>
      (
        await call<MachineListReply>(
          fixture.server,
          'GET',
          `/v1/portal/machines/list?start=max&end=max&filter=${encodeURIComponent(filter)}`,
          { token: fixture.admin },
        )
      ).body.machines.find((row) => row.id === machineId);
    expect(await listed('meter:drifting')).toMatchObject({
      meterDrifting: true,
      hourMeterSource: 'tracker',
      hourMeterReadAt: tracker[0]?.readAt,
    });
    expect(await listed('meter:computed,oem')).toBeUndefined();
    expect(await listed('meter:tracker')).toBeDefined();
    expect(
      (
        await call(fixture.server, 'GET', '/v1/admin/machines/meter-drift', {
          token: fixture.admin,
        })
      ).status,
    ).toBe(403);

    // A looser threshold clears the flag on the next reading.
    const settings = await call(fixture.server, 'PUT', '/v1/organisation/settings/rental', {
      body: { currency: 'GBP', driftHours: 20, driftPercent: 2, idleOnHireDays: 3 },
      token: fixture.admin,
    });
    expect(settings.status).toBe(200);
    expect((await meter(machineId)).drift?.flagged).toBe(false);
    // The stored flag follows on the worker's next pass.
    await fixture.server.app.meters.run(Date.now());
    expect(await listed('meter:drifting')).toBeUndefined();
  });

  it('bills over-use per allowance period from the meter, reconciling with its readings', async () => {
    const machineId = machine(4);
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s)
       VALUES ('TELTONIKA', 'METER-TEST-2', $1, 60) RETURNING id`,
      [machineId],
    );
    // On hire from midnight three days ago (London is on UTC in winter, and the window keeps
    // clear of the clock change), 2 h a day allowed, 50 an hour beyond; three hours of work at
    // 10:00 two days ago.
    const midnight = (daysAgo: number) =>
      new Date(Math.floor(Date.now() / 86_400_000 - daysAgo) * 86_400_000);
    const workFrom = new Date(midnight(2).getTime() + 10 * HOUR_MS);
    await sendRecords(fixture.server, source?.id ?? '', engineRun(workFrom.toISOString(), 180));
    const hire = await call<Hire>(fixture.server, 'POST', '/v1/portal/hires', {
      body: {
        machineId,
        contractNumber: 'OU-1',
        customerName: 'Overuse Ltd',
        onHireAt: midnight(3).toISOString(),
        overusePeriod: 'day',
        overuseAllowanceH: 2,
        overuseRate: 50,
      },
      token: fixture.admin,
    });
    expect(hire.status).toBe(201);
    const usage = async () =>
      (
        await call<HireUsage>(fixture.server, 'GET', `/v1/portal/hires/${hire.body.id}/usage`, {
          token: fixture.admin,
        })
      ).body;
    const rental = { currency: 'CHF', driftHours: 20, driftPercent: 2, idleOnHireDays: 3 };
    await call(fixture.server, 'PUT', '/v1/organisation/settings/rental', {
      body: rental,
      token: fixture.admin,
    });
    const computed = await usage();
    expect(computed).toMatchObject({ meterSource: 'computed', currency: 'CHF' });
    expect(computed.periods.length).toBeGreaterThanOrEqual(3);
    const workDay = computed.periods[1];
    expect(workDay?.from).toBe(midnight(2).toISOString());
    expect(workDay?.engineH).toBeCloseTo(3, 1);
    expect(workDay?.overuseH).toBeCloseTo(1, 1);
    expect(computed.charge).toBeCloseTo(50 * (workDay?.overuseH ?? 0), 2);

    // A person reads 100 h before the work and 103.5 h after it: the meter says 3.5 h, and the
    // day's hours are the meter's difference.
    await post(machineId, {
      valueH: 100,
      readAt: new Date(workFrom.getTime() - HOUR_MS).toISOString(),
    });
    await post(machineId, {
      valueH: 103.5,
      readAt: new Date(workFrom.getTime() + 4 * HOUR_MS).toISOString(),
    });
    const read = await usage();
    expect(read.periods[1]?.engineH).toBeCloseTo(3.5, 6);
    expect(read.periods[1]?.overuseH).toBeCloseTo(1.5, 6);
    expect(read.engineH).toBeCloseTo(3.5, 6);
    expect(read.charge).toBe(75);
    const meterNow = (await meter(machineId)).hourMeter?.valueH ?? 0;
    expect(meterNow - 100).toBeCloseTo(read.engineH, 6);
  });
});
