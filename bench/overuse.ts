// The over-use report's figures (issue 41: GET …/usage and the "Over-use" report, without HTTP: the
// hires module's overuseInRange) for a month of 1,000 hires in a rental company of 10,000 machines
// with two years of hires. The 1,000 are on hire all of September 2026 on over-use terms (a third
// each by the day, the week and the month) and worked 07:00 to 16:00 every weekday (an idle half
// hour at noon): a third with a person's readings on the 1st and the 15th, a third with the
// tracker's every six hours, and a third with none (the engine's own count). 2 warm-up runs, then
// the median of 5; target 1 s (issue 41).
// `node --import tsx bench/overuse.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { overuseInRange } from '../server/modules/hires/index.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { median } from './fleetYear.ts';

const MACHINES = 10_000;
const HIRED = 1_000;
const PAST_HIRES_PER_MACHINE = 20;
const MONTH = { from: '2026-09-01', to: '2026-10-01' };
const WARM_UP = 2;
const RUNS = 5;
const TARGET_MS = 1000;

const { db, dispose } = await freshDatabase('overuse');
const loadBegan = performance.now();
const [org] = await db.query<{ id: string }>(
  `INSERT INTO organisation (name, type, timezone) VALUES ('Bench Hire', 'rental', 'Europe/London')
   RETURNING id`,
);
const organisationId = org?.id ?? '';
await db.query(
  `INSERT INTO machine (organisation_id, name, asset_id, category)
   SELECT $1, 'Machine ' || n, 'BH-' || lpad(n::text, 5, '0'), 'Excavator' FROM generate_series(1, $2) n`,
  [organisationId, MACHINES],
);
await db.query(
  `CREATE TEMP TABLE numbered AS SELECT id, row_number() OVER (ORDER BY asset_id) AS n FROM machine`,
);
// Two years of past hires on every machine, each 24 days long, ended before the month.
await db.query(
  `INSERT INTO hire (machine_id, rental_organisation_id, customer_name, contract_number, starts_at, ends_at)
   SELECT m.id, $1, 'Walk-in ' || (m.n % 50), 'P-' || m.n || '-' || k,
          timestamptz '2026-08-31 00:00+00' - make_interval(days => 30 * k),
          timestamptz '2026-08-31 00:00+00' - make_interval(days => 30 * k - 24)
     FROM numbered m, generate_series(1, $2) k`,
  [organisationId, PAST_HIRES_PER_MACHINE],
);
// The month's 1,000 hires, on over-use terms.
await db.query(
  `INSERT INTO hire (machine_id, rental_organisation_id, customer_name, contract_number, starts_at, ends_at,
                     overuse_period, overuse_allowance_h, overuse_rate)
   SELECT m.id, $1, 'Customer ' || (m.n % 40), 'C-' || m.n, timestamptz '2026-08-31 12:00+00', NULL,
          (ARRAY['day', 'week', 'month'])[1 + m.n % 3], (ARRAY[8, 40, 176])[1 + m.n % 3], 45
     FROM numbered m WHERE m.n <= $2`,
  [organisationId, HIRED],
);
// Their working days: 07:00 to 12:00 and 12:30 to 16:00 active, the half hour idle (London is on
// UTC+1 in September).
const days = `SELECT m.id, m.n, d::date AS day FROM numbered m,
                generate_series(date '2026-08-25', date '2026-10-05', interval '1 day') d
               WHERE m.n <= ${HIRED} AND extract(isodow FROM d) < 6`;
await db.query(
  `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
   SELECT w.id, (w.day + s.from_t) AT TIME ZONE 'Europe/London', (w.day + s.to_t) AT TIME ZONE 'Europe/London', s.state
     FROM (${days}) w,
          (VALUES (time '07:00', time '12:00', 'active'), (time '12:00', time '12:30', 'idle'),
                  (time '12:30', time '16:00', 'active')) s(from_t, to_t, state)`,
);
await db.query(
  `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s,
                                   fuel_l, fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year,
                                   fuel_type, distance_m, trips, refills, refill_l, thefts, theft_l)
   SELECT w.id, w.day, 8.5 * 3600, 1800, 15 * 3600, 0, 0, 0, false, 0, 2.68, 2026, 'diesel', 0, 0, 0, 0, 0, 0
     FROM (${days}) w`,
);
// Readings: a person's on the 1st and the 15th for the first third, the tracker's every six hours
// (its count a little ahead of the engine's) for the second.
await db.query(
  `INSERT INTO meter_reading (machine_id, source, read_at, value_h, offset_h, lifetime_h, kind)
   SELECT m.id, 'manual', t, 1000 + k * 90, 0, 1000 + k * 90, 'reading'
     FROM numbered m, unnest(ARRAY[timestamptz '2026-09-01 06:00+00', timestamptz '2026-09-15 06:00+00']) WITH ORDINALITY AS r(t, k)
    WHERE m.n <= $1 AND m.n % 3 = 0`,
  [HIRED],
);
await db.query(
  `INSERT INTO meter_reading (machine_id, source, read_at, value_h, offset_h, lifetime_h, kind)
   SELECT m.id, 'tracker', t, 2000 + i * 2.3, 0, 2000 + i * 2.3, 'reading'
     FROM numbered m,
          generate_series(timestamptz '2026-08-28 00:00+00', timestamptz '2026-10-02 00:00+00', interval '6 hours')
            WITH ORDINALITY AS r(t, i)
    WHERE m.n <= $1 AND m.n % 3 = 1`,
  [HIRED],
);
await db.query('VACUUM (ANALYZE)');
const [count] = await db.query<{ hires: string; readings: string; segments: string }>(
  `SELECT (SELECT count(*) FROM hire) AS hires, (SELECT count(*) FROM meter_reading) AS readings,
          (SELECT count(*) FROM activity_segment) AS segments`,
);
console.log(
  `${benchDatabaseKind()}: ${Number(count?.hires).toLocaleString('en')} hires, ` +
    `${Number(count?.readings).toLocaleString('en')} readings and ${Number(count?.segments).toLocaleString('en')} ` +
    `segments loaded in ${((performance.now() - loadBegan) / 1000).toFixed(1)} s`,
);

const machineIds = (await db.query<{ id: string }>('SELECT id FROM machine')).map((m) => m.id);
const range = {
  fromMs: Date.parse(`${MONTH.from}T00:00:00+01:00`),
  toMs: Date.parse(`${MONTH.to}T00:00:00+01:00`),
};
const timings: number[] = [];
let lines = 0;
let periods = 0;
let overuseH = 0;
for (let run = 0; run < WARM_UP + RUNS; run++) {
  const began = performance.now();
  const result = await overuseInRange(db, organisationId, machineIds, range);
  const ms = performance.now() - began;
  if (run >= WARM_UP) timings.push(ms);
  lines = result.length;
  periods = result.reduce((sum, line) => sum + line.usage.periods.length, 0);
  overuseH = result.reduce((sum, line) => sum + line.usage.overuseH, 0);
}
const result = median(timings);
console.log(
  `${benchDatabaseKind()} over-use, September 2026: ${lines.toLocaleString('en')} hires, ` +
    `${periods.toLocaleString('en')} periods, ${Math.round(overuseH).toLocaleString('en')} h over: ` +
    `median ${result.toFixed(0)} ms (target ${TARGET_MS} ms) ${result <= TARGET_MS ? 'ok' : 'SLOW'}`,
);
await dispose();
