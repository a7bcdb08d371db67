// GET /v1/portal/dashboard: shapes, agreement with the machine list, filters, tenancy, an empty
// fleet, a range without data, name swapping, modules and 400s.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import Value from 'typebox/value';
import { DashboardReply } from '../../src/domain/api/dashboard.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { encodeFilter } from '../../src/domain/filterQuery.ts';
import { addDays, zonedDate } from '../../src/domain/zonedTime.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const today = zonedDate(new Date(), 'Europe/London');
const first = addDays(today, -45);

describeServer('dashboard', { users: ['admin', 'customer'] }, (fixture) => {
  const dashboard = (token: string, query = '') =>
    call<DashboardReply>(fixture.server, 'GET', `/v1/portal/dashboard${query}`, { token });
  const list = (token: string, query = '') =>
    call<MachineListReply>(fixture.server, 'GET', `/v1/portal/machines/list${query}`, { token });

  beforeAll(async () => {
    // 45 days of figures for Northbank's machines, varied per machine; dumpers' fuel estimated.
    const days = await fixture.server.db.query<{ machine_id: string }>(
      `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
         fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
         refill_l, thefts, theft_l, brokendown_s)
       SELECT m.id, d::date, a, 900, 20000, 300, 600, a / 400.0, m.category = 'Dumper', a / 400.0 * 2.57082,
              2.57082, 2025, 'diesel', 1000, 1, 0, 0, 0, 0, 0
         FROM machine m JOIN organisation o ON o.id = m.organisation_id
        CROSS JOIN generate_series($1::date, $2::date, interval '1 day') d
        CROSS JOIN LATERAL (SELECT 3600 + (hashtext(m.id::text || d::text) & 8191)::float8 AS a) x
        WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL
       RETURNING machine_id`,
      [first, addDays(today, -1)],
    );
    await fixture.server.db.query(
      `INSERT INTO machine_month_rollup
       SELECT machine_id, date_trunc('month', day)::date, count(*), sum(active_s), sum(idle_s), sum(off_s),
              sum(missing_s), sum(brokendown_s), sum(out_of_hours_s), sum(fuel_l), bool_or(fuel_estimated),
              sum(co2_kg), sum(distance_m), sum(trips), sum(refills), sum(refill_l), sum(thefts), sum(theft_l),
              min(day)
         FROM machine_day_rollup GROUP BY 1, 2`,
    );
    // The server's cache was filled at its start, before these rollups.
    fixture.server.readModel.committed(new Set(days.map((d) => d.machine_id)));
  });

  it('answers in the documented shape', async () => {
    const reply = await dashboard(fixture.admin, `?start=${first}&end=${today}`);
    expect(reply.status).toBe(200);
    expect(Value.Check(DashboardReply, reply.body)).toBe(true);
    const { summary, history, categories, utilisation } = reply.body;
    expect(summary.numberOfMachines.value).toBe(41);
    expect(history.interval).toBe('week');
    expect(history.fuel?.length).toBeGreaterThan(6);
    expect(categories.length).toBeGreaterThan(1);
    // A rental company ranks its machines by rental utilisation, five unless told otherwise.
    expect(utilisation.metric).toBe('rentalUtilisation');
    expect(utilisation.machines).toHaveLength(5);
    const values = utilisation.machines.map((m) => m.rentalUtilisation.value ?? -1);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('agrees with the machine list for the same range and filter', async () => {
    for (const range of [`?start=${first}&end=${today}`, '?start=max&end=max']) {
      const board = (await dashboard(fixture.admin, range)).body;
      const machines = (await list(fixture.admin, range)).body;
      for (const metric of [
        'numberOfMachines',
        'activeHours',
        'idleHours',
        'offHours',
        'outOfHours',
        'rentalUtilisation',
        'workingUtilisation',
        'fuelUtilisation',
        'emissionsUtilisation',
      ] as const) {
        expect(board.summary[metric].value, metric).toBeCloseTo(
          machines.summary[metric].value ?? NaN,
          6,
        );
      }
      // The categories and the history add up to the fleet.
      const sum = (values: (number | null)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
      expect(sum(board.categories.map((c) => c.numberOfMachines.value))).toBe(41);
      expect(sum(board.categories.map((c) => c.activeHours.value))).toBeCloseTo(
        board.summary.activeHours.value ?? NaN,
        6,
      );
      expect(sum(board.history.fuel?.map((p) => p.value) ?? [])).toBeCloseTo(
        board.summary.fuelUtilisation.value ?? NaN,
        6,
      );
      expect(sum(board.history.co2?.map((p) => p.value) ?? [])).toBeCloseTo(
        board.summary.emissionsUtilisation.value ?? NaN,
        6,
      );
    }
  });

  it('marks fuel and CO2 estimated where a machine had no fuel data', async () => {
    const { categories, summary } = (await dashboard(fixture.admin, `?start=${first}&end=${today}`))
      .body;
    expect(summary.fuelUtilisation.estimated).toBe(true);
    for (const row of categories) {
      expect(row.fuel.estimated, String(row.category)).toBe(row.category === 'Dumper');
      expect(row.emissions.estimated, String(row.category)).toBe(row.category === 'Dumper');
    }
  });

  it('filters by group=key pairs as by the encoded filter', async () => {
    const range = `start=${first}&end=${today}`;
    const pairs = (await dashboard(fixture.admin, `?${range}&category=Excavator&category=Dumper`))
      .body;
    const encoded = encodeURIComponent(encodeFilter({ category: ['Excavator', 'Dumper'] }));
    const filtered = (await dashboard(fixture.admin, `?${range}&filter=${encoded}`)).body;
    expect(pairs.categories.map((c) => c.category)).toEqual(['Dumper', 'Excavator']);
    expect(pairs.summary).toEqual(filtered.summary);
    const listed = (await list(fixture.admin, `?${range}&filter=${encoded}`)).body;
    expect(pairs.summary.numberOfMachines.value).toBe(listed.total);
    expect(pairs.summary.activeHours.value).toBeCloseTo(listed.summary.activeHours.value ?? NaN, 6);
  });

  it("shows a customer only its hires, never the owner's other machines", async () => {
    const board = (await dashboard(fixture.customer, '?start=max&end=max&utilisationLimit=50'))
      .body;
    const listed = (await list(fixture.customer, '?start=max&end=max')).body;
    expect(board.summary.numberOfMachines.value).toBe(listed.total);
    expect(board.summary.activeHours.value).toBeCloseTo(listed.summary.activeHours.value ?? 0, 6);
    // An end user ranks by the share of its working hours the machines were active.
    expect(board.utilisation.metric).toBe('workingUtilisation');
    const visible = new Set(listed.machines.map((m) => m.id));
    expect(board.utilisation.machines.length).toBe(listed.total);
    for (const machine of board.utilisation.machines) expect(visible.has(machine.id)).toBe(true);
  });

  it('answers an organisation without machines with empty figures', async () => {
    await fixture.server.db.query(
      `WITH o AS (INSERT INTO organisation (name, type) VALUES ('Empty Fleet Ltd', 'end-user') RETURNING id),
            u AS (INSERT INTO app_user (email, first_name, last_name, password_hash)
                  SELECT 'empty@demo.example', 'Erin', 'Empty', password_hash FROM app_user
                   WHERE email = 'admin@demo.example' RETURNING id)
       INSERT INTO membership (user_id, organisation_id, role, is_default)
       SELECT u.id, o.id, 'admin', true FROM u, o`,
    );
    const token = (await signIn(fixture.server, 'empty@demo.example')).token;
    const reply = await dashboard(token, '?start=max&end=max');
    expect(reply.status).toBe(200);
    expect(Value.Check(DashboardReply, reply.body)).toBe(true);
    expect(reply.body.summary.numberOfMachines.value).toBe(0);
    expect(reply.body.summary.activeHours.value).toBeNull();
    expect(reply.body.categories).toEqual([]);
    expect(reply.body.utilisation.machines).toEqual([]);
    expect(reply.body.history.fuel).toEqual([]);
  });

  it('answers a range without data with unknown figures, not zeros', async () => {
    const tomorrow = addDays(today, 1);
    const { summary, history, categories } = (
      await dashboard(fixture.admin, `?start=${tomorrow}&end=${addDays(tomorrow, 6)}`)
    ).body;
    expect(summary.numberOfMachines.value).toBe(41);
    expect(summary.activeHours.value).toBeNull();
    expect(summary.fuelUtilisation).toEqual({ value: null, estimated: false });
    expect(history.interval).toBe('day');
    expect(history.fuel?.map((p) => p.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(tomorrow, i)),
    );
    expect(history.fuel?.every((p) => p.value === null)).toBe(true);
    expect(categories.every((c) => c.activeHours.value === null)).toBe(true);
  });

  it('swaps name and asset id, and leaves out what the modules switch off', async () => {
    await fixture.server.db.query(
      `UPDATE organisation SET settings = '{"properties": {"machineName": "assetId"}, "modules": {"co2": false}}'
        WHERE name = 'Northbank Plant Hire'`,
    );
    try {
      const { utilisation, history } = (
        await dashboard(
          fixture.admin,
          `?start=${first}&end=${today}&historyType=fuel&historyType=co2`,
        )
      ).body;
      for (const machine of utilisation.machines) {
        expect(machine.machineName).toMatch(/^NPH-\d{4}$/);
        expect(machine.assetId).not.toMatch(/^NPH-/);
      }
      expect(history.fuel).toBeDefined();
      expect(history.co2).toBeUndefined();
    } finally {
      await fixture.server.db.query(
        `UPDATE organisation SET settings = '{}' WHERE name = 'Northbank Plant Hire'`,
      );
    }
  });

  it('sends only the histories asked for, by month for long ranges', async () => {
    const { history } = (
      await dashboard(fixture.admin, `?start=${addDays(today, -200)}&end=${today}&historyType=co2`)
    ).body;
    expect(history.interval).toBe('month');
    expect(history.fuel).toBeUndefined();
    expect(history.co2?.length).toBeGreaterThanOrEqual(7);
  });

  it('refuses malformed queries naming the field', async () => {
    for (const [query, field] of [
      ['?utilisationLimit=-1', 'utilisationLimit'],
      ['?historyType=speed', 'historyType'],
      ['?start=yesterday', 'start'],
      ['?filter=nonsense', 'filter'],
      ['?filter=colour:red', 'filter'],
      ['?colour=red', 'colour'],
    ] as const) {
      const reply = await call<{ field?: string; message: string }>(
        fixture.server,
        'GET',
        `/v1/portal/dashboard${query}`,
        { token: fixture.admin },
      );
      expect(reply.status, query).toBe(400);
      expect(JSON.stringify(reply.body), query).toContain(field);
    }
    expect((await call(fixture.server, 'GET', '/v1/portal/dashboard')).status).toBe(401);
  });
});
