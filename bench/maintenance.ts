// The maintenance list (issue 42) for 10,000 machines × 3 tasks: GET /v1/portal/maintenance's own
// functions (without HTTP): the fleet's first page of 25 by status and a page of overdue tasks read
// from the stored due points, and one machine's tasks worked out now; 2 warm-up calls, then the
// median of 7 each. Working out and storing all 30,000 due points (what a plan write and a stale
// read's after-reply work cost) is timed once.
// Fixed data: bench/fleetYear.ts (a year of day rollups), every machine's meter read 10 days ago,
// three plans over all four categories (250 h, 1,000 h or 12 months, a six-monthly examination),
// and a service of each task on every third machine 90 days ago.
// `node --import tsx bench/maintenance.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { listStoredDue, storeDue } from '../server/modules/maintenance/dueStore.ts';
import { listMaintenance } from '../server/modules/maintenance/list.ts';
import { getOrganisation } from '../server/tenancy/organisation.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, median } from './fleetYear.ts';

const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 50;

const { db, dispose } = await freshDatabase('maintenance');
const { organisationId } = await loadFleetYear(db);
const organisation = await getOrganisation(db, organisationId);
if (!organisation) throw new Error('no organisation');
const categories = ['Excavator', 'Dumper', 'Telehandler', 'Roller'];
await db.query(
  `UPDATE machine SET hour_meter_h = 1000 + (abs(hashtext(id::text)) % 4000),
          hour_meter_at = now() - interval '10 days', hour_meter_source = 'computed'
    WHERE organisation_id = $1`,
  [organisationId],
);
await db.query(
  `INSERT INTO service_plan (organisation_id, name, interval_h, interval_months, safety_critical, categories)
   VALUES ($1, '250 h service', 250, NULL, false, $2), ($1, '1,000 h filters', 1000, 12, false, $2),
          ($1, 'Thorough examination', NULL, 6, true, $2)`,
  [organisationId, categories],
);
await db.query(
  `INSERT INTO service_record (machine_id, plan_id, status, done_at, meter_h)
   SELECT m.id, p.id, 'done', now() - interval '90 days', m.hour_meter_h - 300
     FROM machine m CROSS JOIN service_plan p
    WHERE m.organisation_id = $1 AND p.organisation_id = $1 AND right(m.asset_id, 1) IN ('0', '3', '6')`,
  [organisationId],
);
await db.query('ANALYZE');

const storeBegan = performance.now();
await storeDue(db, organisation);
const storeMs = performance.now() - storeBegan;
const [machine] = await db.query<{ id: string }>(
  'SELECT id FROM machine WHERE organisation_id = $1 AND category = $2 LIMIT 1',
  [organisationId, 'Excavator'],
);

async function timed(name: string, call: () => Promise<{ total: number }>) {
  const timings: number[] = [];
  let total = 0;
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const began = performance.now();
    total = (await call()).total;
    if (run >= WARM_UP) timings.push(performance.now() - began);
  }
  console.log(
    `${benchDatabaseKind()} maintenance ${name} (${total.toLocaleString('en')} rows): median ${median(timings).toFixed(1)} ms ` +
      `(runs ${timings.map((t) => t.toFixed(1)).join(', ')}); target ${TARGET_MS} ms`,
  );
}

const page = { sort: 'status', order: 'ASC', offset: 0, limit: 25 } as const;
const never = () => {
  throw new Error('the stored due points are fresh: nothing to work out after the reply');
};
await timed('list, first page by status', () => listStoredDue(db, organisation, {}, page, never));
await timed('list, overdue only', () =>
  listStoredDue(db, organisation, { status: ['overdue'] }, page, never),
);
await timed("list, one machine's tasks worked out now", () =>
  listMaintenance(db, organisation, { machineId: [machine?.id ?? ''] }, page),
);
console.log(
  `${benchDatabaseKind()} maintenance: all due points worked out and stored in ${storeMs.toFixed(0)} ms`,
);
await dispose();
