// The dashboard call for 10,000 machines with a year of rollups, range Max.
// Fixed data: bench/fleetYear.ts. The call is the server's own dashboard function (what
// GET /v1/portal/dashboard runs, without HTTP) with both histories and the top 5 machines, as the
// screen asks; 2 warm-up calls, then the median of 7. Target: 150 ms on PGlite, 75 ms on
// PostgreSQL. For comparison, the machine list's first page over the same range in the same run.
// `node --import tsx bench/dashboard.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { ReadModel } from '../server/readModel/readModel.ts';
import { dashboard } from '../server/modules/dashboard/service.ts';
import { listMachines } from '../server/modules/machines/list.ts';
import { getOrganisation } from '../server/tenancy/organisation.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, median } from './fleetYear.ts';

const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 75;

const { db, dispose } = await freshDatabase('dashboard');
const readModel = new ReadModel(db);
const { organisationId } = await loadFleetYear(db);
const organisation = await getOrganisation(db, organisationId);
if (!organisation) throw new Error('no organisation');

async function measure(label: string, run: () => Promise<string>): Promise<number> {
  const timings: number[] = [];
  let detail = '';
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const began = performance.now();
    detail = await run();
    if (i >= WARM_UP) timings.push(performance.now() - began);
  }
  const result = median(timings);
  console.log(
    `${benchDatabaseKind()} ${label}, range Max, ${detail}: median ${result.toFixed(1)} ms ` +
      `(runs ${timings.map((t) => t.toFixed(1)).join(', ')})`,
  );
  return result;
}

const dashboardMs = await measure('dashboard', async () => {
  const reply = await dashboard(readModel, organisation, {
    start: 'max',
    end: 'max',
    historyType: ['fuel', 'co2'],
    utilisationLimit: 5,
  });
  return (
    `${reply.summary.numberOfMachines.value?.toLocaleString('en')} machines, ` +
    `${reply.categories.length} categories, ${reply.history.fuel?.length} ${reply.history.interval}s of history`
  );
});
const listMs = await measure('list, first page', async () => {
  const reply = await listMachines(readModel, organisation, {
    start: 'max',
    end: 'max',
    perPage: 25,
    page: 1,
  });
  return `${reply.total.toLocaleString('en')} machines`;
});
console.log(
  `dashboard ${dashboardMs.toFixed(1)} ms against a target of ${TARGET_MS} ms: ` +
    `${(dashboardMs / TARGET_MS).toFixed(2)} of the target; ${(dashboardMs / listMs).toFixed(2)} × the list's time`,
);
await dispose();
