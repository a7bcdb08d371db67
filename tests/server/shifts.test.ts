// Shifts (issue 16): an organisation's named shifts through the API, checked field by field, and
// the exact out-of-hours figure a machine's known day gets from the shift that applies: the
// engine's default, the organisation's default shift with a break, its site's shift on the site's
// own clock, and back when that is deleted.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../src/domain/api/errors.ts';
import type { ShiftRecord, ShiftsReply } from '../../src/domain/api/shifts.ts';
import { sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

/** Monday 13 January 2025: London is on UTC, Berlin an hour ahead. */
const DAY = '2025-01-13';
/** Working from 05:00 to 19:00 UTC, a record a minute, then the engine off. */
const records = [
  ...Array.from({ length: 14 * 60 + 1 }, (_, i) => ({
    deviceTime: new Date(Date.parse(`${DAY}T05:00:00Z`) + i * 60_000).toISOString(),
    ignition: true,
    movement: true,
    engineRpm: 1500,
  })),
  { deviceTime: `${DAY}T19:01:00.000Z`, ignition: false, engineRpm: 0 },
];

const weekdays = (start: string, end: string, breaks: { start: string; end: string }[] = []) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, breaks }));

describeServer('shifts', { users: ['admin'] }, (fixture) => {
  let machineId: string;
  let siteId: string;

  beforeAll(async () => {
    const [org] = await fixture.server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
    );
    const orgId = org?.id ?? '';
    await fixture.server.db.query('DELETE FROM shift WHERE organisation_id = $1', [orgId]);
    const [site] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO site (organisation_id, name, timezone, latitude, longitude, radius_m)
       VALUES ($1, 'Berlin yard', 'Europe/Berlin', 52.52, 13.4, 250) RETURNING id`,
      [orgId],
    );
    siteId = site?.id ?? '';
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name, asset_id, category, site_id)
       VALUES ($1, 'Shift test excavator', 'SHIFT-1', 'Excavator', $2) RETURNING id`,
      [orgId, siteId],
    );
    machineId = machine?.id ?? '';
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code, machine_id, expected_interval_s) VALUES ('TELTONIKA', 'SHIFT-TEST-1', $1, 60)
       RETURNING id`,
      [machineId],
    );
    await sendRecords(fixture.server, source?.id ?? '', records);
  });

  const outOfHoursH = async () => {
    await fixture.server.rollups.drain();
    const [row] = await fixture.server.db.query<{ out_of_hours_s: number }>(
      'SELECT out_of_hours_s FROM machine_day_rollup WHERE machine_id = $1 AND day = $2',
      [machineId, DAY],
    );
    return (row?.out_of_hours_s ?? NaN) / 3600;
  };
  const save = (body: unknown, id?: string, token = fixture.admin) =>
    call<ShiftRecord & ApiError>(
      fixture.server,
      id ? 'PUT' : 'POST',
      `/v1/portal/shifts${id ? `/${id}` : ''}`,
      {
        token,
        body,
      },
    );

  it('measures out-of-hours against the shift that applies, exactly', async () => {
    // The engine's default, Monday to Friday 07:00-18:00 in London: 05:00-07:00 and 18:00-19:01.
    expect(await outOfHoursH()).toBeCloseTo(2 + 61 / 60, 6);

    // The organisation's default shift, 06:00-20:00 with lunch 12:00-12:30: 05:00-06:00 and lunch.
    const standard = await save({
      name: 'Standard day',
      isDefault: true,
      siteIds: [],
      days: weekdays('06:00', '20:00', [{ start: '12:00', end: '12:30' }]),
    });
    expect(standard.status).toBe(201);
    expect(standard.body).toMatchObject({ name: 'Standard day', isDefault: true, siteIds: [] });
    const listed = await call<ShiftsReply>(fixture.server, 'GET', '/v1/portal/shifts', {
      token: fixture.admin,
    });
    expect(listed.body.shifts.map((s) => [s.name, s.recomputing])).toEqual([
      ['Standard day', true],
    ]);
    expect(await outOfHoursH()).toBeCloseTo(1.5, 6);
    const settled = await call<ShiftsReply>(fixture.server, 'GET', '/v1/portal/shifts', {
      token: fixture.admin,
    });
    expect(settled.body.shifts[0]?.recomputing).toBe(false);

    // The machine's site follows its own shift, 08:00-17:00 on Berlin's clock (07:00-16:00 UTC).
    const yard = await save({
      name: 'Berlin yard hours',
      isDefault: false,
      siteIds: [siteId],
      days: weekdays('08:00', '17:00'),
    });
    expect(yard.body.sites).toEqual([{ id: siteId, name: 'Berlin yard' }]);
    expect(await outOfHoursH()).toBeCloseTo(2 + 3 + 1 / 60, 6);

    // The machine list shows the same figure.
    const list = await call<{ machines: { activitySummary: { outOfHours: { value: number } } }[] }>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${DAY}&end=${DAY}&show=all&filter=machine:${machineId}`,
      { token: fixture.admin },
    );
    expect(list.body.machines[0]?.activitySummary.outOfHours.value).toBeCloseTo(5 + 1 / 60, 2);

    // The Shift and Site shift filter categories offer the shifts, and pick the machines they apply to.
    const filters = await call<{
      filters: { id: string; options: { key: string; name: string }[] }[];
    }>(fixture.server, 'GET', '/v1/portal/filters', { token: fixture.admin });
    const options = (id: string) => filters.body.filters.find((f) => f.id === id)?.options ?? [];
    expect(options('siteShift')).toEqual([
      expect.objectContaining({ key: yard.body.id, name: 'Berlin yard hours' }),
    ]);
    expect(options('shift').map((o) => o.name)).toEqual(['Berlin yard hours', 'Standard day']);
    const picked = async (filter: string) =>
      (
        await call<{ machines: { id: string }[] }>(
          fixture.server,
          'GET',
          `/v1/portal/machines/list?start=${DAY}&end=${DAY}&show=all&filter=${filter}`,
          { token: fixture.admin },
        )
      ).body.machines.map((m) => m.id);
    expect(await picked(`siteShift:${yard.body.id}`)).toEqual([machineId]);
    const onStandard = await picked(`shift:${standard.body.id}`);
    expect(onStandard.length).toBeGreaterThan(0);
    expect(onStandard).not.toContain(machineId);

    // Deleted, the site falls back to the organisation's default shift.
    expect(
      (
        await call(fixture.server, 'DELETE', `/v1/portal/shifts/${yard.body.id}`, {
          token: fixture.admin,
        })
      ).status,
    ).toBe(204);
    expect(await outOfHoursH()).toBeCloseTo(1.5, 6);
  });

  it('refuses bad shifts, naming the field, and keeps what was there', async () => {
    const good = {
      name: 'Nights',
      isDefault: false,
      siteIds: [],
      days: weekdays('18:00', '24:00'),
    };
    const cases: [unknown, number, string | undefined][] = [
      [{ ...good, days: weekdays('18:00', '17:00') }, 400, 'days/0/end'],
      [{ ...good, days: weekdays('18:00', '25:00') }, 400, undefined],
      [
        { ...good, days: weekdays('18:00', '23:00', [{ start: '17:00', end: '19:00' }]) },
        400,
        'days/0/breaks/0/start',
      ],
      [{ ...good, siteIds: ['00000000-0000-4000-8000-000000000000'] }, 400, 'siteIds'],
      [{ ...good, name: ' ' }, 400, undefined],
      [{ ...good, name: 'standard DAY' }, 409, undefined],
    ];
    for (const [body, status, field] of cases) {
      const reply = await save(body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      if (field) expect(reply.body.field).toBe(field);
    }
    const listed = await call<ShiftsReply>(fixture.server, 'GET', '/v1/portal/shifts', {
      token: fixture.admin,
    });
    expect(listed.body.shifts.map((s) => s.name)).toEqual(['Standard day']);
  });

  it('lets viewers read but not write, and hides another organisation’s shifts', async () => {
    const [mine] = (
      await call<ShiftsReply>(fixture.server, 'GET', '/v1/portal/shifts', { token: fixture.admin })
    ).body.shifts;
    const viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
    expect(
      (await call(fixture.server, 'GET', `/v1/portal/shifts/${mine?.id}`, { token: viewer }))
        .status,
    ).toBe(200);
    expect((await save({ ...mine, days: [] }, mine?.id, viewer)).status).toBe(403);
    const other = (await signIn(fixture.server, 'harrow@demo.example')).token;
    expect(
      (await call(fixture.server, 'GET', `/v1/portal/shifts/${mine?.id}`, { token: other })).status,
    ).toBe(404);
    expect(
      (await save({ name: 'X', isDefault: false, siteIds: [], days: [] }, mine?.id, other)).status,
    ).toBe(404);
  });
});
