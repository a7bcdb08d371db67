// The heat-map call for 1,000 machines over 30 days (issue 6: median at most 300 ms).
// Fixed data: one rental organisation (Europe/London) with 1,000 machines on 50 sites, each with
// 12 heat cells per working day (its site, a haul road of eight cells and a tip: what the engine
// writes for a simulated dumper at HEAT_CELL_DEG), Monday to Saturday, for the 30 days ending
// yesterday: 312,000 cells in 26,000 machine-days, and their week sums, packed as the engine
// packs them. The call is the server's
// own heatmap function (what GET /v1/portal/maps/heatmap runs, without HTTP) for the fleet over
// those 30 days; 2 warm-up calls, then the median of 7; the speed map likewise.
// `node --import tsx bench/heatmap.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { heatmap } from '../server/modules/maps/heat.ts';
import { getOrganisation } from '../server/tenancy/organisation.ts';
import { HEAT_CELL_DEG } from '../src/domain/api/heatmap.ts';
import { addDays, zonedDate } from '../src/domain/zonedTime.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { median } from './fleetYear.ts';

const MACHINES = 1_000;
const DAYS = 30;
const SITES = 50;
const CELLS_PER_DAY = 12;
const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 300;
const TIME_ZONE = 'Europe/London';

const { db, dispose } = await freshDatabase('heatmap');
const today = zonedDate(new Date(), TIME_ZONE);
const start = addDays(today, -DAYS);
const end = addDays(today, -1);

const loadBegan = performance.now();
const [org] = await db.query<{ id: string }>(
  `INSERT INTO organisation (name, type, timezone) VALUES ('Bench Hire', 'rental', $1) RETURNING id`,
  [TIME_ZONE],
);
await db.query(
  `INSERT INTO machine (organisation_id, name, asset_id, category)
   SELECT $1, 'Machine ' || n, 'BH-' || lpad(n::text, 5, '0'), 'Dumper' FROM generate_series(1, $2) n`,
  [org?.id ?? '', MACHINES],
);
// Site s sits on a grid over south-east England; machine n works on site n % SITES, its haul road
// running north from the site to the tip. Cell k of the day: 0–2 the site, 3–10 the road, 11 the
// tip. Packed as engine/heatPack.ts packs them.
const CELLS = `
  SELECT m.id AS machine_id, d::date AS day, k,
         floor((51.2 + (m.n % $2) / 10 * 0.08) / $3)::int + k + (m.n / $2) % 3 AS lat_cell,
         floor((-1.0 + (m.n % $2) % 10 * 0.2) / $3)::int + (m.n / $2) % 5 AS lng_cell,
         CASE WHEN k < 3 THEN 5400 + (m.n * 7 + k) % 1800 ELSE 240 + (m.n + k) % 120 END AS working_s,
         CASE WHEN k < 3 OR k = 11 THEN 0 ELSE 240 + (m.n + k) % 120 END AS moving_s,
         CASE WHEN k < 3 OR k = 11 THEN 0 ELSE 20 + (m.n + k) % 15 END AS speed_kmh
    FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM machine WHERE organisation_id = $1) m
   CROSS JOIN generate_series($4::date, $5::date, interval '1 day') d
   CROSS JOIN generate_series(0, $6 - 1) k
   WHERE extract(isodow FROM d) < 7`;
const PACKED = `int4send(lat_cell::int) || int4send(lng_cell::int) || float4send(working_s::real)
  || float4send(moving_s::real) || float4send((moving_s * speed_kmh)::real)
  || float4send(CASE WHEN moving_s > 0 THEN speed_kmh + 5 ELSE 0 END::real)`;
const cellParams = [org?.id ?? '', SITES, HEAT_CELL_DEG, start, end, CELLS_PER_DAY];
await db.query(
  `INSERT INTO machine_day_heat (machine_id, day, cells)
   SELECT machine_id, day, string_agg(${PACKED}, ''::bytea ORDER BY k) FROM (${CELLS}) c GROUP BY 1, 2`,
  cellParams,
);
// Their weeks, summed as the engine sums them (each machine's cells differ only by day).
await db.query(
  `INSERT INTO machine_week_heat (machine_id, week, cells)
   SELECT machine_id, week, string_agg(${PACKED}, ''::bytea ORDER BY k)
     FROM (SELECT machine_id, date_trunc('week', day)::date AS week, k, lat_cell, lng_cell,
                  sum(working_s) AS working_s, sum(moving_s) AS moving_s, max(speed_kmh) AS speed_kmh
             FROM (${CELLS}) c GROUP BY 1, 2, 3, 4, 5) w
    GROUP BY 1, 2`,
  cellParams,
);
await db.exec('VACUUM ANALYZE');
const [{ rows, weeks } = { rows: 0, weeks: 0 }] = await db.query<{ rows: number; weeks: number }>(
  `SELECT (SELECT count(*) FROM machine_day_heat)::int AS rows,
          (SELECT count(*) FROM machine_week_heat)::int AS weeks`,
);
console.log(
  `${benchDatabaseKind()}: ${MACHINES} machines, ${DAYS} days, ${rows} machine-days and ${weeks} machine-weeks of ${CELLS_PER_DAY} cells loaded in ` +
    `${((performance.now() - loadBegan) / 1000).toFixed(1)} s`,
);

const organisation = await getOrganisation(db, org?.id ?? '');
if (!organisation) throw new Error('no organisation');
for (const kind of ['activity', 'speed'] as const) {
  const timings: number[] = [];
  let cells = 0;
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const began = performance.now();
    const reply = await heatmap(db, organisation, { start, end }, kind);
    if (i >= WARM_UP) timings.push(performance.now() - began);
    cells = reply.cells.length;
  }
  const result = median(timings);
  console.log(
    `${benchDatabaseKind()} ${kind} heat map, ${start} to ${end}, ${cells} cells: median ` +
      `${result.toFixed(1)} ms, ${(result / TARGET_MS).toFixed(2)} of the ${TARGET_MS} ms target ` +
      `(runs ${timings.map((t) => t.toFixed(1)).join(', ')})`,
  );
}
await dispose();
