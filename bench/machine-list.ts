// The machine list call for 10,000 machines with a year of rollups.
// Fixed data: bench/fleetYear.ts. The call is the server's own
// list function (what GET /v1/portal/machines/list runs, without HTTP), first page of 25 sorted
// by out-of-hours, with the fleet summary; range Max and range last month; 2 warm-up calls, then
// the median of 7. Each range twice: repeated with nothing committed between calls (the read model
// keeps the selection and its span sums), and with one machine's figures committed before each call
// (as the engine does on a live fleet: that machine is read again and its spans summed again).
// The comparison, computing the same answer from raw records, is the engine's recompute of one
// machine's year of records (measured here) times the machine-periods the range covers.
// `node --import tsx bench/machine-list.ts`; `BENCH_DATABASE_URL=postgres://… …` for PostgreSQL.
import { ReadModel } from '../server/readModel/readModel.ts';
import { getOrganisation } from '../server/tenancy/organisation.ts';
import { listMachines } from '../server/modules/machines/list.ts';
import { recomputeMachineDays } from '../server/telemetry/engine/recompute.ts';
import { createIngest } from '../server/telemetry/ingest.ts';
import { simulate, simulatedFleet } from '../server/telemetry/simulator/fleet.ts';
import { decodeAvlData } from '../server/telemetry/adapters/teltonika/avl.ts';
import { encodeAvlData } from '../server/telemetry/adapters/teltonika/encode.ts';
import { zonedDate } from '../src/domain/zonedTime.ts';
import { benchDatabaseKind, freshDatabase } from './database.ts';
import { loadFleetYear, MACHINES, median, TIME_ZONE } from './fleetYear.ts';

const WARM_UP = 2;
const RUNS = 7;
const TARGET_MS = 50;

const { db, dispose } = await freshDatabase('list');
const readModel = new ReadModel(db);
const { organisationId, today, days } = await loadFleetYear(db);
const organisation = await getOrganisation(db, organisationId);
if (!organisation) throw new Error('no organisation');
const lastMonthEnd = zonedDate(
  new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00Z`) - 86_400_000),
  TIME_ZONE,
);
const ranges = {
  Max: { start: 'max', end: 'max' },
  'last month': { start: `${lastMonthEnd.slice(0, 7)}-01`, end: lastMonthEnd },
};
const [committedMachine] = await db.query<{ id: string }>(
  `SELECT id FROM machine WHERE organisation_id = $1 ORDER BY id LIMIT 1`,
  [organisationId],
);
const results: Record<string, number> = {};
for (const afterCommit of [false, true]) {
  for (const [label, range] of Object.entries(ranges)) {
    const timings: number[] = [];
    let total = 0;
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      if (afterCommit) readModel.committed([committedMachine?.id ?? '']);
      const began = performance.now();
      const reply = await listMachines(readModel, organisation, { ...range, perPage: 25, page: 1 });
      const ms = performance.now() - began;
      total = reply.total;
      if (run >= WARM_UP) timings.push(ms);
    }
    const result = median(timings);
    // The comparison with raw records below takes the repeated call's figure.
    if (!afterCommit) results[label] = result;
    console.log(
      `${benchDatabaseKind()} list, range ${label} (${range.start} to ${range.end}), ${total.toLocaleString('en')} machines, ` +
        `${afterCommit ? 'one machine committed before each call' : 'repeated'}: ` +
        `median ${result.toFixed(1)} ms (runs ${timings.map((t) => t.toFixed(1)).join(', ')}); target ${TARGET_MS} ms`,
    );
  }
}

// The same answer from raw records: the engine over one machine's year of records, measured.
const [machine] = simulatedFleet(1, 7);
if (!machine) throw new Error('no machine');
const simulation = simulate([machine], days, TIME_ZONE, 7);
const inputs = simulation.records.get(machine.imei) ?? [];
const [raw] = await db.query<{ id: string }>(
  `WITH m AS (INSERT INTO machine (organisation_id, name, category) VALUES ($1, 'Raw records', 'Excavator') RETURNING id)
   INSERT INTO source (type, code, machine_id, expected_interval_s) SELECT 'TELTONIKA', $2, id, 60 FROM m RETURNING machine_id AS id`,
  [organisationId, machine.imei],
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
