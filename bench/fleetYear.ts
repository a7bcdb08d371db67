// The fixed data of the list and dashboard benchmarks: one rental organisation (Europe/London)
// with 10,000 machines, each with a tracker, 60% on hire to a customer; 365 days of daily rollups
// per machine ending yesterday (3.65 million rows) and their month rollups, written as the engine
// writes them.
import type { Database } from '../server/db/database.ts';
import { nextDate, zonedDate } from '../src/domain/zonedTime.ts';

export const MACHINES = 10_000;
export const DAYS = 365;
export const TIME_ZONE = 'Europe/London';

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface FleetYear {
  organisationId: string;
  /** The organisation's today, and the days with rollups (the year before it). */
  today: string;
  days: string[];
}

export async function loadFleetYear(db: Database, machines = MACHINES): Promise<FleetYear> {
  const today = zonedDate(new Date(), TIME_ZONE);
  const days: string[] = [];
  let first = today;
  for (let i = 0; i < DAYS; i++)
    first = zonedDate(new Date(Date.parse(`${first}T12:00:00Z`) - 86_400_000), TIME_ZONE);
  for (let day = first; day < today; day = nextDate(day)) days.push(day);

  const loadBegan = performance.now();
  const [org] = await db.query<{ id: string }>(
    `INSERT INTO organisation (name, type, timezone) VALUES ('Bench Hire', 'rental', $1) RETURNING id`,
    [TIME_ZONE],
  );
  const [customer] = await db.query<{ id: string }>(
    `INSERT INTO organisation (name, type) VALUES ('Bench Customer', 'end-user') RETURNING id`,
  );
  await db.query(
    `INSERT INTO machine (organisation_id, name, asset_id, category, type, oem)
     SELECT $1, 'Machine ' || n, 'BH-' || lpad(n::text, 5, '0'),
            (ARRAY['Excavator', 'Dumper', 'Telehandler', 'Roller'])[1 + n % 4], 'Type ' || n % 12, 'OEM ' || n % 9
       FROM generate_series(1, $2) n`,
    [org?.id ?? '', machines],
  );
  await db.query(
    `INSERT INTO source (type, code, machine_id, expected_interval_s, last_seen_at)
     SELECT 'TELTONIKA', (350000000000000 + row_number() OVER ())::text, id, 60, now() FROM machine`,
  );
  await db.query(
    `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, starts_at, contract_number)
     SELECT id, $1, $2, now() - interval '40 days', 'C-' || asset_id FROM machine WHERE right(asset_id, 1) < '6'`,
    [org?.id ?? '', customer?.id ?? ''],
  );
  // A working day's figures, varied per machine and day; nothing on Sundays.
  await db.query(
    `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
       fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills, refill_l,
       thefts, theft_l, brokendown_s)
     SELECT m.id, d::date, a, a * 0.2, 86400 - a * 1.2, 0, (a::int % 3) * 600, a / 3600 * 9, false,
            a / 3600 * 9 * 2.57082, 2.57082, 2025, 'diesel', a / 10, (a::int % 5), (a::int % 2), 0, 0, 0, 0
       FROM machine m
      CROSS JOIN generate_series($1::date, $2::date, interval '1 day') d
      CROSS JOIN LATERAL (SELECT CASE WHEN extract(isodow FROM d) = 7 THEN 0
                                      ELSE 14400 + (hashtext(m.id::text || d::text) & 16383) END::float8 AS a) x`,
    [days[0] ?? today, days[days.length - 1] ?? today],
  );
  await db.query(
    `INSERT INTO machine_month_rollup
     SELECT machine_id, date_trunc('month', day)::date, count(*), sum(active_s), sum(idle_s), sum(off_s),
            sum(missing_s), sum(brokendown_s), sum(out_of_hours_s), sum(fuel_l), bool_or(fuel_estimated),
            sum(co2_kg), sum(distance_m), sum(trips), sum(refills), sum(refill_l), sum(thefts), sum(theft_l),
            min(day)
       FROM machine_day_rollup GROUP BY 1, 2`,
  );
  // As the server does after loading (server/db/statistics.ts), and a vacuum, so that PostgreSQL's
  // autovacuum does not run on these 3.65 million new rows during the measurements.
  await db.exec('VACUUM ANALYZE');
  const [rows] = await db.query<{ days: number; months: number }>(
    'SELECT (SELECT count(*) FROM machine_day_rollup) AS days, (SELECT count(*) FROM machine_month_rollup) AS months',
  );
  console.log(
    `loaded ${machines.toLocaleString('en')} machines, ${rows?.days.toLocaleString('en')} day rollups and ` +
      `${rows?.months.toLocaleString('en')} month rollups in ${Math.round((performance.now() - loadBegan) / 1000)} s`,
  );
  return { organisationId: org?.id ?? '', today, days };
}
