// The machine list call for 10,000 machines with a year of rollups.
// Fixed data: one rental organisation (Europe/London) with 10,000 machines, each with a tracker,
// 60% on hire to a customer; 365 days of daily rollups per machine ending yesterday (3.65 million
// rows) and their month rollups, written as the engine writes them. The call is the server's own
// list function (what GET /v1/portal/machines/list runs, without HTTP), first page of 25 sorted
// by out-of-hours, with the fleet summary; range Max and range last month; 2 warm-up calls, then
// the median of 7.
// The comparison, computing the same answer from raw records, is the engine's recompute of one
// machine's year of records (measured here) times the machine-periods the range covers.
// `node --import tsx bench/machine-list.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { getOrganisation } from '../server/modules/orgs/service.ts';
import { listMachines } from '../server/modules/machines/list.ts';
import { recomputeMachineDays } from '../server/telemetry/engine/recompute.ts';
import { createIngest } from '../server/telemetry/ingest.ts';
import { simulate, simulatedFleet } from '../server/telemetry/simulator/fleet.ts';
import { decodeAvlData } from '../server/telemetry/adapters/teltonika/avl.ts';
import { encodeAvlData } from '../server/telemetry/adapters/teltonika/encode.ts';
import { nextDate, zonedDate } from '../src/domain/zonedTime.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';

const MACHINES = 10_000;
const DAYS = 365;
const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = process.env.BENCH_DATABASE_URL ? 50 : 100;
const TIME_ZONE = 'Europe/London';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const { db, dispose } = await freshDatabase('list');
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
  [org?.id ?? '', MACHINES],
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
// As the server does after loading (server/db/statistics.ts); PostgreSQL's autovacuum would too.
await db.exec('ANALYZE');
const [rows] = await db.query<{ days: number; months: number }>(
  'SELECT (SELECT count(*) FROM machine_day_rollup) AS days, (SELECT count(*) FROM machine_month_rollup) AS months',
);
console.log(
  `loaded ${MACHINES.toLocaleString('en')} machines, ${rows?.days.toLocaleString('en')} day rollups and ` +
    `${rows?.months.toLocaleString('en')} month rollups in ${Math.round((performance.now() - loadBegan) / 1000)} s`,
);

const organisation = await getOrganisation(db, org?.id ?? '');
if (!organisation) throw new Error('no organisation');
const lastMonthEnd = zonedDate(
  new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00Z`) - 86_400_000),
  TIME_ZONE,
);
const ranges = {
  Max: { start: 'max', end: 'max' },
  'last month': { start: `${lastMonthEnd.slice(0, 7)}-01`, end: lastMonthEnd },
};
const results: Record<string, number> = {};
for (const [label, range] of Object.entries(ranges)) {
  const timings: number[] = [];
  let total = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const began = performance.now();
    const reply = await listMachines(db, organisation, { ...range, perPage: 25, page: 1 });
    const ms = performance.now() - began;
    total = reply.total;
    if (run >= WARM_UP) timings.push(ms);
  }
  results[label] = median(timings);
  console.log(
    `${benchDatabaseKind()} list, range ${label} (${range.start} to ${range.end}), ${total.toLocaleString('en')} machines: ` +
      `median ${results[label]?.toFixed(1)} ms (runs ${timings.map((t) => t.toFixed(1)).join(', ')}); target ${TARGET_MS} ms`,
  );
}

// The same answer from raw records: the engine over one machine's year of records, measured.
const [machine] = simulatedFleet(1, 7);
if (!machine) throw new Error('no machine');
const simulation = simulate([machine], days, TIME_ZONE, 7);
const inputs = simulation.records.get(machine.imei) ?? [];
const [raw] = await db.query<{ id: string }>(
  `WITH m AS (INSERT INTO machine (organisation_id, name, category) VALUES ($1, 'Raw records', 'Excavator') RETURNING id)
   INSERT INTO source (type, code, machine_id, expected_interval_s) SELECT 'TELTONIKA', $2, id, 60 FROM m RETURNING machine_id AS id`,
  [org?.id ?? '', machine.imei],
);
const ingest = createIngest(db);
for (let i = 0; i < inputs.length; i += 25) {
  const data = encodeAvlData(inputs.slice(i, i + 25));
  await ingest(decodeAvlData(data, 0, data.length, machine.imei, Date.now()));
}
const rawBegan = performance.now();
await recomputeMachineDays(db, raw?.id ?? '', days[0] ?? today, days[days.length - 1] ?? today);
const machineYearMs = performance.now() - rawBegan;
const monthShare = 1 / 12;
for (const [label, share] of [
  ['Max', 1],
  ['last month', monthShare],
] as const) {
  const fromRawMs = machineYearMs * MACHINES * share;
  console.log(
    `from raw records, range ${label}: one machine-year of ${inputs.length.toLocaleString('en')} records took ` +
      `${Math.round(machineYearMs)} ms, so ${MACHINES.toLocaleString('en')} machines ≈ ${Math.round(fromRawMs / 1000).toLocaleString('en')} s; ` +
      `the list is ${Math.round(fromRawMs / (results[label] ?? 1)).toLocaleString('en')} times faster (target at least 20)`,
  );
}
await dispose();
