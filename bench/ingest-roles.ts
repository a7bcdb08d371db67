// The ingest benchmark of bench/ingest-tcp.ts with the roles in processes of their own, on
// PostgreSQL and NATS JetStream (docs/scaling.md): 1 ingest and 1 engine process, then 2 of each,
// the devices spread over the ingest processes as a load balancer would. Reports records per second
// from the go signal until the engines have finished every message (the rollups written), and until
// the devices had every packet acknowledged (stored and published). A fresh database and stream
// per run; each size runs RUNS times, median.
// `BENCH_DATABASE_URL=postgres://… BENCH_NATS_URL=nats://127.0.0.1:4222 node --import tsx bench/ingest-roles.ts`
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { freePort } from '../tests/support/portalProcess.ts';
import { freshDatabase } from './database.ts';
import { DEVICES, RECORDS_PER_DEVICE, seedDevices, startDevices } from './devices.ts';
import { median } from './fleetYear.ts';

const RUNS = 3;
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
if (!process.env.BENCH_DATABASE_URL)
  throw new Error('BENCH_DATABASE_URL is required: the roles run on PostgreSQL');

interface Role {
  url: string;
  trackerPort: number;
  child: ChildProcess;
}

async function startRole(
  role: 'ingest' | 'engine',
  databaseUrl: string,
  stream: string,
): Promise<Role> {
  const port = await freePort();
  const trackerPort = role === 'ingest' ? await freePort() : 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ROLE: role,
      DATABASE_URL: databaseUrl,
      NATS_URL,
      NATS_STREAM: stream,
      PORT: String(port),
      TELTONIKA_PORT: role === 'ingest' ? String(trackerPort) : 'off',
      DEMO_DATA: 'false',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null)
      throw new Error(`the ${role} process exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/v1/health/ready`)
      .then((reply) => reply.ok)
      .catch(() => false);
    if (ready) return { url, trackerPort, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${role} process was not ready in 120 s`);
}

async function run(processes: number, index: number): Promise<number> {
  const { db, url, dispose } = await freshDatabase(`roles_${processes}_${index}`);
  await seedDevices(db);
  const stream = `BENCH_ROLES_${randomBytes(4).toString('hex')}`;
  const roles = await Promise.all([
    ...Array.from({ length: processes }, () => startRole('engine', url ?? '', stream)),
    ...Array.from({ length: processes }, () => startRole('ingest', url ?? '', stream)),
  ]);
  const ingests = roles.filter((role) => role.trackerPort > 0);
  const nats = await connect({ servers: NATS_URL });
  const manager = await nats.jetstreamManager();

  const devices = await startDevices(ingests.map((role) => role.trackerPort));
  const began = performance.now();
  await devices.go();
  const acknowledged = performance.now();
  // Done when every message is taken and acknowledged: no work waits, none is under way.
  for (let i = 0; ; i++) {
    const info = await manager.consumers.info(stream, 'engines');
    if (info.num_pending === 0 && info.num_ack_pending === 0) break;
    if (i > 12_000) throw new Error('the engines did not finish in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const done = performance.now();
  const [check] = await db.query<{ records: number; rollups: number }>(
    `SELECT (SELECT count(*) FROM telemetry_record) AS records, (SELECT count(*) FROM machine_day_rollup) AS rollups`,
  );
  await manager.streams.delete(stream);
  await nats.close();
  for (const role of roles) role.child.kill('SIGTERM');
  await Promise.all(
    roles.map((role) => new Promise((resolve) => role.child.once('exit', resolve))),
  );
  await dispose();
  const rate = (DEVICES * RECORDS_PER_DEVICE) / ((done - began) / 1000);
  console.log(
    `${processes} ingest + ${processes} engine, run ${index + 1}: ${check?.records} records, ${check?.rollups} rollups; ` +
      `acknowledged in ${Math.round(acknowledged - began)} ms, rollups ${Math.round(done - acknowledged)} ms later; ` +
      `${Math.round(rate).toLocaleString('en')} records/s`,
  );
  return rate;
}

for (const processes of [1, 2]) {
  const rates: number[] = [];
  for (let i = 0; i < RUNS; i++) rates.push(await run(processes, i));
  console.log(
    `PostgreSQL and JetStream, ${processes} ingest and ${processes} engine process(es): median ` +
      `${Math.round(median(rates)).toLocaleString('en')} records/s from ${DEVICES} devices`,
  );
}
