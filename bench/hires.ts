// The hires list (GET /v1/portal/hires, without HTTP: the store's own function) for a rental
// company with 10,000 machines and two years of hires: each machine let every 30 days for 24 days
// (24 hires a machine, 240,000 in all), to 12 customer organisations and off-portal customers,
// the latest still on hire. Five pages of 25 as the screen asks them: the first page newest first,
// a search for one contract and one for a customer's hires, on-hire only sorted by customer, and one machine's hires (its page).
// 2 warm-up calls, then the median of 7; target 50 ms (issue 41).
// `node --import tsx bench/hires.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import type { HireFilter, HireSort } from '../src/domain/api/hires.ts';
import { listHires } from '../server/modules/hires/list.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { median } from './fleetYear.ts';

const MACHINES = 10_000;
const HIRES_PER_MACHINE = 24;
const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 50;

const { db, dispose } = await freshDatabase('hires');
const loadBegan = performance.now();
const [org] = await db.query<{ id: string }>(
  `INSERT INTO organisation (name, type) VALUES ('Bench Hire', 'rental') RETURNING id`,
);
const organisationId = org?.id ?? '';
await db.query(
  `INSERT INTO organisation (name, type) SELECT 'Customer ' || n, 'end-user' FROM generate_series(1, 12) n`,
);
await db.query(
  `INSERT INTO machine (organisation_id, name, asset_id, category)
   SELECT $1, 'Machine ' || n, 'BH-' || lpad(n::text, 5, '0'), 'Excavator' FROM generate_series(1, $2) n`,
  [organisationId, MACHINES],
);
// Hire k of a machine starts 30 × (24 − k) days ago (plus a few hours per machine) and lasts 24
// days; the last (k = 24) started 0 to 6 days ago and is still open.
await db.query(
  `INSERT INTO hire (machine_id, rental_organisation_id, customer_organisation_id, customer_name,
                     contract_number, starts_at, ends_at)
   SELECT m.id, $1,
          CASE WHEN k % 4 = 0 THEN NULL ELSE (SELECT id FROM organisation WHERE name = 'Customer ' || (1 + (k + m.n) % 12)) END,
          CASE WHEN k % 4 = 0 THEN 'Walk-in ' || (m.n % 50) END,
          'C-' || m.n || '-' || k,
          now() - make_interval(days => (30 * ($2 - k) + m.n % 7)::int, hours => (m.n % 24)::int),
          CASE WHEN k = $2 THEN NULL
               ELSE now() - make_interval(days => (30 * ($2 - k) + m.n % 7 - 24)::int, hours => (m.n % 24)::int) END
     FROM (SELECT id, row_number() OVER (ORDER BY asset_id) AS n FROM machine) m,
          generate_series(1, $2) k`,
  [organisationId, HIRES_PER_MACHINE],
);
// As PostgreSQL's autovacuum and the PGlite's hourly run (server/db/statistics.ts) leave it.
await db.query('VACUUM (ANALYZE) hire');
const [count] = await db.query<{ n: string }>('SELECT count(*) AS n FROM hire');
console.log(
  `${benchDatabaseKind()}: ${Number(count?.n).toLocaleString('en')} hires of ${MACHINES.toLocaleString('en')} ` +
    `machines loaded in ${((performance.now() - loadBegan) / 1000).toFixed(1)} s`,
);

const [oneMachine] = await db.query<{ id: string }>(
  "SELECT id FROM machine WHERE asset_id = 'BH-05000'",
);
const pages: [string, HireFilter, HireSort | undefined][] = [
  ['first page, newest first', {}, undefined],
  ['search for one contract', { q: 'C-4242-7' }, undefined],
  ['search for a customer', { q: 'Customer 7' }, undefined],
  ['on hire, by customer', { status: 'onHire' }, 'customer'],
  ["one machine's hires", { machineId: oneMachine?.id ?? '' }, undefined],
];
for (const [label, filter, sort] of pages) {
  const timings: number[] = [];
  let total = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const began = performance.now();
    const reply = await listHires(db, { id: organisationId, type: 'rental' }, filter, {
      sort,
      order: 'ASC',
      offset: 0,
      limit: 25,
    });
    if (run >= WARM_UP) timings.push(performance.now() - began);
    total = reply.total;
  }
  const result = median(timings);
  console.log(
    `${benchDatabaseKind()} hires list, ${label} (${total.toLocaleString('en')} rows): median ` +
      `${result.toFixed(1)} ms (runs ${timings.map((t) => t.toFixed(1)).join(', ')}); ` +
      `${(result / TARGET_MS).toFixed(2)} of the ${TARGET_MS} ms target`,
  );
}
await dispose();
