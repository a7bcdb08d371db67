// A customer sees exactly its hire: a hire from noon to noon gets the boundary days' figures from
// its start and to its end (not the owner's whole days), in the list, the dashboard and rental
// utilisation; the machine was last seen, for the customer, within the hire; and the owner's own
// bookkeeping (note, group, financing) stays the owner's.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { demoMachines, engineRun, sendRecords } from '../support/fleet.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const DAYS = ['2026-11-18', '2026-11-19', '2026-11-20'];
/** London is on UTC in November: noon is 12:00Z. */
const HIRE = { from: '2026-11-18T12:00:00Z', to: '2026-11-20T12:00:00Z' };

/** Eight hours of work a day, 08:00 to 16:00, a record a minute, then the engine off. */
const workingDay = (day: string) => engineRun(`${day}T08:00:00Z`, 480);

describeServer('hire windows', {}, (fixture) => {
  let machineId: string;
  let owner: string;
  let customer: string;

  beforeAll(async () => {
    const demo = await demoMachines(fixture.server);
    machineId = demo.machineId;
    await fixture.server.db.query('DELETE FROM hire WHERE machine_id = $1', [machineId]);
    await fixture.server.db.query(
      `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, contract_number,
                         starts_at, ends_at, working_hours_per_day)
       SELECT m.id, m.organisation_id, c.id, 'C-NOON', $2, $3, 8
         FROM machine m, organisation c WHERE m.id = $1 AND c.name = 'Harrow Civil Engineering'`,
      [machineId, HIRE.from, HIRE.to],
    );
    await fixture.server.db.query(
      `UPDATE machine SET note = 'Engine rebuilt, invoice 4411', ownership_type = 'Financed',
              owner = 'Lombard Asset Finance' WHERE id = $1`,
      [machineId],
    );
    for (const day of DAYS) await sendRecords(fixture.server, demo.sourceId, workingDay(day));
    owner = (await signIn(fixture.server)).token;
    customer = (await signIn(fixture.server, 'harrow@demo.example')).token;
  });

  const row = async (token: string, start: string, end: string) => {
    const reply = await call<MachineListReply>(
      fixture.server,
      'GET',
      `/v1/portal/machines/list?start=${start}&end=${end}&show=all&filter=machine:${machineId}`,
      { token },
    );
    expect(reply.status).toBe(200);
    const found = reply.body.machines[0];
    if (!found) throw new Error('the machine is not in the list');
    return { row: found, summary: reply.body.summary };
  };

  it('cuts the boundary days at the hire’s start and end, to the minute', async () => {
    const mine = await row(owner, DAYS[0] as string, DAYS[2] as string);
    const theirs = await row(customer, DAYS[0] as string, DAYS[2] as string);
    // Each day works 08:00 to 16:01.
    expect(mine.row.activitySummary.activeHours.value).toBeCloseTo((3 * 481) / 60, 2);
    // 12:00-16:01, the whole 19th, 08:00-12:00.
    const inside = (241 + 481 + 240) / 60;
    expect(theirs.row.activitySummary.activeHours.value).toBeCloseTo(inside, 2);
    expect(theirs.summary.activeHours.value).toBeCloseTo(inside, 2);
    const firstDay = await row(customer, DAYS[0] as string, DAYS[0] as string);
    expect(firstDay.row.activitySummary.activeHours.value).toBeCloseTo(241 / 60, 2);
    // Fuel is worked out by the same rules for the hire's part of the day.
    const ownerFuel = mine.row.activitySummary.fuelUtilisation.value ?? 0;
    expect(ownerFuel).toBeGreaterThan(0);
    expect(theirs.row.activitySummary.fuelUtilisation.value).toBeCloseTo(
      (ownerFuel * inside) / ((3 * 481) / 60),
      1,
    );
  });

  it('measures rental utilisation against the contracted hours of the hire’s part of each day', async () => {
    const theirs = await row(customer, DAYS[0] as string, DAYS[2] as string);
    // Contracted: 6/11 of 8 h on the 18th (noon to the 18:00 shift end), 8 h, 5/11 of 8 h.
    const utilisation = theirs.row.activitySummary.rentalUtilisation.value ?? 0;
    expect(utilisation).toBeGreaterThan(95);
    expect(utilisation).toBeLessThanOrEqual(100.5);
  });

  it('heats only the hire’s hours on the days it starts and ends', async () => {
    const hours = async (token: string) => {
      const reply = await call<{ cells: { seconds: number }[] }>(
        fixture.server,
        'GET',
        `/v1/portal/maps/heatmap?start=${DAYS[0]}&end=${DAYS[2]}&machineId=${machineId}`,
        { token },
      );
      expect(reply.status).toBe(200);
      return reply.body.cells.reduce((sum, cell) => sum + cell.seconds, 0) / 3600;
    };
    const mine = await hours(owner);
    expect(mine).toBeGreaterThan(23);
    expect(await hours(customer)).toBeCloseTo((mine * (241 + 481 + 240)) / (3 * 481), 1);
  });

  it('writes the hire’s part of its first and last day in the daily report', async () => {
    const report = await fetch(
      `${fixture.server.url}/v1/portal/machines/report?type=daily&start=${DAYS[0]}&end=${DAYS[2]}&filter=machine:${machineId}&format=csv`,
      { headers: { authorization: `Bearer ${customer}` } },
    );
    expect(report.status).toBe(200);
    const lines = (await report.text()).trim().split('\n');
    const header = (lines[0] ?? '').split(',');
    const active = header.findIndex((name) => /active/i.test(name));
    expect(active).toBeGreaterThanOrEqual(0);
    const hours = lines.slice(1).map((line) => Number(line.split(',')[active]));
    expect(hours).toHaveLength(3);
    expect(hours[0]).toBeCloseTo(241 / 60, 1);
    expect(hours[1]).toBeCloseTo(481 / 60, 1);
    expect(hours[2]).toBeCloseTo(240 / 60, 1);
  });

  it('agrees with the dashboard', async () => {
    const dashboard = await call<{ summary: { activeHours: { value: number } } }>(
      fixture.server,
      'GET',
      `/v1/portal/dashboard?start=${DAYS[0]}&end=${DAYS[2]}&machine=${machineId}`,
      { token: customer },
    );
    expect(dashboard.body.summary.activeHours.value).toBeCloseTo((241 + 481 + 240) / 60, 2);
  });

  it('shows the customer when the machine was last seen within its hire, and none of the owner’s bookkeeping', async () => {
    const mine = await row(owner, DAYS[0] as string, DAYS[2] as string);
    const theirs = await row(customer, DAYS[0] as string, DAYS[2] as string);
    expect(mine.row.lastSeenAt).toBe('2026-11-20T16:01:00.000Z');
    expect(Date.parse(theirs.row.lastSeenAt ?? '')).toBeLessThanOrEqual(Date.parse(HIRE.to));
    expect(mine.row).toMatchObject({
      note: 'Engine rebuilt, invoice 4411',
      ownershipType: 'Financed',
      owner: 'Lombard Asset Finance',
    });
    expect(theirs.row).toMatchObject({ note: null, group: null, ownershipType: null });
    expect(theirs.row.owner).toBe('Northbank Plant Hire');
    const details = await call<{ settings: { groupId: string | null }; note: string | null }>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${machineId}?start=${DAYS[0]}&end=${DAYS[2]}`,
      { token: customer },
    );
    expect(details.body.note).toBeNull();
    expect(details.body.settings.groupId).toBeNull();
  });
  it('places a part day’s contracted hours in the hire site’s shift', async () => {
    const firstDay = async () =>
      (await row(customer, DAYS[0] as string, DAYS[0] as string)).row.activitySummary
        .rentalUtilisation.value;
    // The owner's default shift, 07:00-18:00: noon to 18:00 contracts 6/11 of 8 h, for 4 h 01 of work.
    expect(await firstDay()).toBeCloseTo((241 / 60 / ((8 * 6) / 11)) * 100, 1);
    // The hire's site works 08:00-20:00: noon to 20:00 contracts 8/12 of 8 h.
    const longDays = [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startMinute: 8 * 60,
      endMinute: 20 * 60,
      breaks: [],
    }));
    await fixture.server.db.query(
      `WITH shift AS (
         INSERT INTO shift (organisation_id, name, days)
         SELECT customer_organisation_id, 'Long day', $2::jsonb FROM hire WHERE contract_number = 'C-NOON'
         RETURNING id, organisation_id),
       site AS (
         INSERT INTO site (organisation_id, name, latitude, longitude, radius_m, shift_id)
         SELECT organisation_id, 'Night works compound', 51.5, -0.3, 200, id FROM shift RETURNING id)
       UPDATE hire SET site_id = (SELECT id FROM site) WHERE machine_id = $1 AND contract_number = 'C-NOON'`,
      [machineId, JSON.stringify(longDays)],
    );
    expect(await firstDay()).toBeCloseTo((241 / 60 / ((8 * 8) / 12)) * 100, 1);
  });
});
