// Recomputing one machine-year of rollups from its raw records.
// Fixed data: one simulated excavator with a fuel counter, 365 days of Teltonika records (one a
// minute while the engine runs, hourly while off), stored on PGlite (in memory) or on PostgreSQL
// with BENCH_DATABASE_URL (a fresh database). Then the whole year is recomputed 3 times; median.
import pg from 'pg';
import { nextDate } from '../src/domain/zonedTime.ts';
import { openDatabase } from '../server/db/open.ts';
import { decodeAvlData } from '../server/telemetry/adapters/teltonika/avl.ts';
import { encodeAvlData } from '../server/telemetry/adapters/teltonika/encode.ts';
import { recomputeMachineDays } from '../server/telemetry/engine/recompute.ts';
import { createIngest } from '../server/telemetry/ingest.ts';
import { simulate, simulatedFleet } from '../server/telemetry/simulator/fleet.ts';

const FIRST_DAY = '2025-11-21';
const DAYS = 365;
const RUNS = 3;

const days: string[] = [];
for (let day = FIRST_DAY; days.length < DAYS; day = nextDate(day)) days.push(day);
const [machine] = simulatedFleet(1, 7);
if (!machine) throw new Error('no machine');
const simulation = simulate([machine], days, 'Europe/London', 7);
const inputs = simulation.records.get(machine.imei) ?? [];

const url = process.env.BENCH_DATABASE_URL;
const name = `fleet_bench_year_${process.pid}`;
let target: string | undefined;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const at = new URL(url);
  at.pathname = `/${name}`;
  target = at.toString();
}
const db = await openDatabase({ databaseUrl: target, dataDir: undefined });
const [row] = await db.query<{ id: string }>(
  `WITH o AS (INSERT INTO organisation (name, type) VALUES ('Bench', 'rental') RETURNING id),
        m AS (INSERT INTO machine (organisation_id, name, category) SELECT id, 'Year excavator', 'Excavator' FROM o RETURNING id)
   INSERT INTO source (type, code, machine_id, expected_interval_s) SELECT 'TELTONIKA', $1, id, 60 FROM m RETURNING machine_id AS id`,
  [machine.imei],
);
const machineId = row?.id ?? '';

const loadBegan = performance.now();
const ingest = createIngest(db);
for (let i = 0; i < inputs.length; i += 5000) {
  const records = [];
  for (let j = i; j < Math.min(i + 5000, inputs.length); j += 25) {
    const data = encodeAvlData(inputs.slice(j, Math.min(j + 25, i + 5000, inputs.length)));
    records.push(...decodeAvlData(data, 0, data.length, machine.imei, Date.now()));
  }
  await ingest(records);
}
console.log(
  `stored ${inputs.length.toLocaleString('en')} records in ${Math.round(performance.now() - loadBegan)} ms`,
);

const timings: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const began = performance.now();
  await recomputeMachineDays(
    db,
    machineId,
    days[0] ?? FIRST_DAY,
    days[days.length - 1] ?? FIRST_DAY,
  );
  timings.push(performance.now() - began);
}
const [counts] = await db.query<{ rollups: number; segments: number }>(
  `SELECT (SELECT count(*) FROM machine_day_rollup) AS rollups, (SELECT count(*) FROM activity_segment) AS segments`,
);
timings.sort((a, b) => a - b);
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}: one machine-year (${counts?.rollups} daily rollups, ${counts?.segments} segments) ` +
    `recomputed in median ${Math.round(timings[1] ?? 0)} ms (runs ${timings.map((t) => Math.round(t)).join(', ')} ms)`,
);
await db.close();
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
}
