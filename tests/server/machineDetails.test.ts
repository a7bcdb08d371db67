// One machine and its activity timeline through the API: records sent through the JSON ingest,
// the segments the engine made, and who may see what (owner, customer during the hire, nobody else).
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { MachineActivityReply } from '../../src/domain/api/machineActivity.ts';
import type { MachineRow } from '../../src/domain/api/machines.ts';
import { startOfZonedDay } from '../../src/domain/zonedTime.ts';
import { demoMachines, sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAY = '2026-11-10'; // a Tuesday, GMT
const MIN = 60_000;

describeServer('machine details', { users: ['admin'] }, (fixture) => {
  let machineId: string;
  let foreignId: string;

  beforeAll(async () => {
    const fleet = await demoMachines(fixture.server);
    machineId = fleet.machineId;
    foreignId = fleet.foreignId;
    // 07:00–09:00 working (a record a minute), then the engine off: an hour of records at 09:00.
    const start = Date.parse(`${DAY}T07:00:00Z`);
    const records = [
      ...Array.from({ length: 120 }, (_, i) => ({
        deviceTime: new Date(start + i * MIN).toISOString(),
        ignition: true,
        movement: true,
        engineRpm: 1600,
        latitude: 51.5 + i * 1e-5,
        longitude: -0.12,
        satellites: 10,
        speedKmh: 4,
      })),
      {
        deviceTime: `${DAY}T09:00:00.000Z`,
        ignition: false,
        engineRpm: 0,
        latitude: 51.5012,
        longitude: -0.12,
        satellites: 10,
        speedKmh: 0,
      },
      { deviceTime: `${DAY}T10:00:00.000Z`, ignition: false, engineRpm: 0 },
    ];
    await sendRecords(fixture.server, fleet.sourceId, records);
  });

  const activity = (id: string, query: string, token = fixture.admin) =>
    call<MachineActivityReply & { field?: string }>(
      fixture.server,
      'GET',
      `/v1/machines/${id}/activity?${query}`,
      {
        token,
      },
    );

  it('gives the day its coloured segments and hours', async () => {
    const reply = await activity(machineId, `startDate=${DAY}&endDate=${DAY}&speed=true`);
    expect(reply.status).toBe(200);
    expect(reply.body.timezone).toBe('Europe/London');
    const [day] = reply.body.days;
    expect(day?.date).toBe(DAY);
    expect(day?.activeHours).toBeCloseTo(2, 5);
    expect(day?.segments[0]).toEqual({
      state: 'active',
      from: `${DAY}T07:00:00.000Z`,
      to: `${DAY}T09:00:00.000Z`,
    });
    expect(day?.segments[1]).toMatchObject({ state: 'off', from: `${DAY}T09:00:00.000Z` });
    expect(day?.trips).toBeGreaterThanOrEqual(0);
    expect(day?.fuelEstimated).toBe(true);
    expect(day?.speeds).toHaveLength(121);
  });

  it('refuses ranges it cannot answer, naming the field', async () => {
    const backwards = await activity(machineId, `startDate=${DAY}&endDate=2026-11-01`);
    expect([backwards.status, backwards.body.field]).toEqual([400, 'endDate']);
    const long = await activity(machineId, 'startDate=2026-01-01&endDate=2026-06-30');
    expect([long.status, long.body.field]).toEqual([400, 'endDate']);
    expect((await activity(machineId, 'startDate=10-11-2026&endDate=2026-11-10')).status).toBe(400);
  });

  it('hides machines of other organisations', async () => {
    expect((await activity(foreignId, `startDate=${DAY}&endDate=${DAY}`)).status).toBe(404);
    expect(
      (
        await call(fixture.server, 'GET', `/v1/portal/machines/${foreignId}`, {
          token: fixture.admin,
        })
      ).status,
    ).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await activity(unknown, `startDate=${DAY}&endDate=${DAY}`)).status).toBe(404);
  });

  it('answers one machine as its list row, with where it was last seen', async () => {
    const reply = await call<MachineRow>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}?start=${DAY}&end=${DAY}`,
      {
        token: fixture.admin,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(machineId);
    expect(reply.body.activitySummary.activeHours.value).toBeCloseTo(2, 5);
    expect(reply.body.location).toMatchObject({ latitude: 51.5012, longitude: -0.12 });
    const summary = reply.body.activitySummary;
    // 2 active hours of one working day's 8.
    expect(summary.workingUtilisation.value).toBeCloseTo(25, 5);
    expect(summary.fuelUtilisation.value).toBeGreaterThan(0);
    expect(summary.emissionsUtilisation.value).toBeGreaterThan(0);
    expect(summary.avgPctTheftEvents.value).toBe(0);
  });

  it('sums the same hours whether the range is read by days, months or both', async () => {
    // Days only; the whole month from the month rollup; months and cut days; all time.
    for (const [start, end] of [
      [DAY, DAY],
      ['2026-11-01', '2026-11-30'],
      ['2026-10-20', '2026-12-05'],
      ['max', 'max'],
    ]) {
      const reply = await call<MachineRow>(
        fixture.server,
        'GET',
        `/v1/portal/machines/${machineId}?start=${start}&end=${end}`,
        { token: fixture.admin },
      );
      expect(reply.body.activitySummary.activeHours.value, `${start} to ${end}`).toBeCloseTo(2, 5);
    }
    const outside = await call<MachineRow>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}?start=2026-10-01&end=2026-10-31`,
      { token: fixture.admin },
    );
    expect(outside.body.activitySummary.activeHours.value).toBeNull();
  });

  it('shows a customer a hired machine during its hire only', async () => {
    const customer = (await signIn(fixture.server, 'harrow@demo.example')).token;
    const [hire] = await fixture.server.db.query<{ machine_id: string; starts_at: Date }>(
      `SELECT h.machine_id, h.starts_at FROM hire h JOIN organisation o ON o.id = h.customer_organisation_id
        WHERE o.name = 'Harrow Civil Engineering' ORDER BY h.starts_at DESC LIMIT 1`,
    );
    const startsAt = hire?.starts_at ?? new Date();
    const london = (ms: number) =>
      new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const hireDay = london(startsAt.getTime());
    const before = london(startsAt.getTime() - 3 * 86_400_000);
    const dayBefore = london(startsAt.getTime() - 86_400_000);
    expect(
      (await activity(hire?.machine_id ?? '', `startDate=${before}&endDate=${dayBefore}`, customer))
        .status,
    ).toBe(404);
    const during = await activity(
      hire?.machine_id ?? '',
      `startDate=${before}&endDate=${hireDay}`,
      customer,
    );
    expect(during.status).toBe(200);
    // Only the days the hire touches, and on its first day only what came after it began.
    expect(during.body.days.map((d) => d.date)).toEqual([hireDay]);
    const first = during.body.days[0];
    const fromMidnight = startsAt.getTime() > startOfZonedDay(hireDay, 'Europe/London').getTime();
    if (fromMidnight) expect(first?.fuelL).toBeNull();
    for (const segment of first?.segments ?? []) {
      expect(Date.parse(segment.from)).toBeGreaterThanOrEqual(startsAt.getTime());
    }
    expect((await activity(machineId, `startDate=${DAY}&endDate=${DAY}`, customer)).status).toBe(
      404,
    );
  });
});
