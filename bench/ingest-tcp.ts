// End to end over TCP: 1,000 simulated devices send into the committed store, rollups updated.
// Fixed data: 1,000 machines with trackers, 100 records each (4 packets of 25), all devices at once,
// sent from a separate process (bench/devices.ts), as real devices are elsewhere. Reports records per
// second from the go signal until the last rollup is written; 3 runs, median.
// `node --import tsx bench/ingest-tcp.ts` for PGlite (files in a temporary folder);
// `BENCH_DATABASE_URL=postgres://… node --import tsx bench/ingest-tcp.ts` for PostgreSQL (a fresh database per run).
import { buildPipeline } from '../server/telemetry/pipeline.ts';
import { startTeltonikaTcp } from '../server/telemetry/listeners/teltonikaTcp.ts';
import { freshDatabase } from './database.ts';
import { DEVICES, RECORDS_PER_DEVICE, seedDevices, startDevices } from './devices.ts';

const RUNS = 3;
const TARGET_PER_S = process.env.BENCH_DATABASE_URL ? 50_000 : 20_000;
const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: (o: unknown) => console.error(o),
};

async function run(index: number): Promise<number> {
  const { db, dispose } = await freshDatabase(`tcp_${index}`);
  await seedDevices(db);
  const { rollups: scheduler, ingest } = buildPipeline(db, {
    log: { error: (details) => console.error(details) },
  });
  const listener = await startTeltonikaTcp({
    host: '127.0.0.1',
    port: 0,
    ingest,
    storeCommandResponse: async () => undefined,
    log: silent,
  });
  const devices = await startDevices([listener.port]);
  const began = performance.now();
  await devices.go();
  const committed = performance.now();
  await scheduler.drain();
  const done = performance.now();
  const [check] = await db.query<{ records: number; rollups: number }>(
    `SELECT (SELECT count(*) FROM telemetry_record) AS records, (SELECT count(*) FROM machine_day_rollup) AS rollups`,
  );
  await listener.close();
  await dispose();
  const rate = (DEVICES * RECORDS_PER_DEVICE) / ((done - began) / 1000);
  console.log(
    `run ${index + 1}: ${check?.records} records, ${check?.rollups} rollups; committed in ${Math.round(committed - began)} ms, ` +
      `rollups ${Math.round(done - committed)} ms later; ${Math.round(rate).toLocaleString('en')} records/s`,
  );
  return rate;
}

const rates: number[] = [];
for (let i = 0; i < RUNS; i++) rates.push(await run(i));
rates.sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)] ?? 0;
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `${database}: median ${Math.round(median).toLocaleString('en')} records/s from ${DEVICES} devices; ` +
    `ratio to the ${TARGET_PER_S.toLocaleString('en')}/s target ${(median / TARGET_PER_S).toFixed(2)}`,
);
