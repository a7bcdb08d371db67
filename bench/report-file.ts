// The fleet utilisation report for 10,000 machines over a month, as CSV and as PDF, made as the
// report worker makes it (the builder, the rendering, the file), while the machine list is asked
// for its first page again and again on the same process and database: the list's latencies
// during the report show whether the server keeps answering.
// Fixed data: bench/fleetYear.ts (10,000 machines, a year of rollups); the range is last month.
// One warm-up, then the median of 3 per format; the list's p99 over all runs of a format.
// The comparison: the targets of issue 18, 10 s for the CSV and 30 s for the PDF on PGlite.
// `node --import tsx bench/report-file.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { ReadModel } from '../server/readModel/readModel.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { directoryStorage } from '../server/storage/fileStorage.ts';
import { listMachines } from '../server/modules/machines/list.ts';
import { getOrganisation } from '../server/tenancy/organisation.ts';
import { makeReport } from '../server/modules/reports/build.ts';
import { zonedDate } from '../src/domain/zonedTime.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, median, TIME_ZONE } from './fleetYear.ts';

const RUNS = 3;
const TARGET_S = { csv: 10, pdf: 30 } as const;

const { db, dispose } = await freshDatabase('report');
const readModel = new ReadModel(db);
const { organisationId, today } = await loadFleetYear(db);
const organisation = await getOrganisation(db, organisationId);
if (!organisation) throw new Error('no organisation');
const lastMonthEnd = zonedDate(
  new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00Z`) - 86_400_000),
  TIME_ZONE,
);
const range = { start: `${lastMonthEnd.slice(0, 7)}-01`, end: lastMonthEnd };
const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
const files = directoryStorage(filesDir);

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? 0;

for (const format of ['csv', 'pdf'] as const) {
  const timings: number[] = [];
  const listMs: number[] = [];
  let size = 0;
  let rows = 0;
  for (let run = 0; run < 1 + RUNS; run++) {
    let done = false;
    // The machine list, asked for as a user would while the report is made; bounded.
    const lists = (async () => {
      for (let i = 0; i < 10_000 && !done; i++) {
        const began = performance.now();
        await listMachines(readModel, organisation, { ...range, perPage: 25, page: 1 });
        if (run > 0) listMs.push(performance.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const began = performance.now();
    const made = await makeReport(readModel, files, organisation, {
      type: 'fleet-utilisation',
      format,
      ...range,
    });
    const ms = performance.now() - began;
    done = true;
    await lists;
    if (run > 0) timings.push(ms);
    size = made.bytes.length;
    rows = made.document.sections[0]?.rows.length ?? 0;
  }
  const seconds = median(timings) / 1000;
  console.log(
    `${benchDatabaseKind()} fleet utilisation ${format.toUpperCase()}, ${rows.toLocaleString('en')} machines, ` +
      `${range.start} to ${range.end}: median ${seconds.toFixed(1)} s (runs ${timings
        .map((t) => (t / 1000).toFixed(1))
        .join(', ')}), ${(size / 1e6).toFixed(1)} MB; target ${TARGET_S[format]} s ` +
      `(ratio ${(seconds / TARGET_S[format]).toFixed(2)}); the machine list meanwhile: ` +
      `${listMs.length} calls, median ${median(listMs).toFixed(0)} ms, p99 ${percentile(listMs, 0.99).toFixed(0)} ms`,
  );
}
rmSync(filesDir, { recursive: true, force: true });
await dispose();
