// Crash safety of the embedded database: Teltonika devices stream into the real server, which is
// killed with SIGKILL mid-ingest several times and started again on the same DATA_DIR (taking
// over the stale lock). Devices resend what was not acknowledged, as real ones do. At the end every
// acknowledged record must be stored, and none twice.
// Fixed data: 20 devices, packets of 25 records, 3 kills after 4 s of streaming each.
// `node --import tsx bench/crash-safety.ts`
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/open.ts';
import type { AvlRecordInput } from '../server/telemetry/adapters/teltonika/encode.ts';
import { connectDevice } from '../server/telemetry/simulator/teltonikaClient.ts';

const DEVICES = 20;
const RECORDS_PER_PACKET = 25;
const KILLS = 3;
const STREAM_MS = 4_000;
const START_MS = Date.UTC(2026, 10, 1);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, httpPort: number, trackerPort: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(httpPort),
      TELTONIKA_PORT: String(trackerPort),
      DEMO_DATA: 'false',
      WEB_DIR: '',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${httpPort}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** One device: the next record it has never had acknowledged, and its acknowledged count. */
interface Device {
  imei: string;
  /** Records up to this index (exclusive) are acknowledged. */
  acked: number;
}

const packetOf = (device: number, from: number): AvlRecordInput[] =>
  Array.from({ length: RECORDS_PER_PACKET }, (_, i) => ({
    timestampMs: START_MS + (from + i) * 10_000,
    latitude: 51.5 + device * 1e-3,
    longitude: -0.1,
    satellites: 9,
    speedKmh: 5,
  }));

/** Streams until `stopAt` or until the connection dies; acknowledged packets move `acked` on. */
async function stream(port: number, index: number, device: Device, stopAt: number): Promise<void> {
  const connection = await connectDevice({ host: '127.0.0.1', port }, device.imei).catch(
    () => null,
  );
  if (!connection) return;
  while (Date.now() < stopAt) {
    const acknowledged = await connection.send(packetOf(index, device.acked));
    if (acknowledged === null) return;
    device.acked += acknowledged;
  }
  connection.close();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-crash-'));
const devices: Device[] = Array.from({ length: DEVICES }, (_, i) => ({
  imei: `35200000000${String(i).padStart(4, '0')}`,
  acked: 0,
}));
let server: ChildProcess | undefined;
try {
  for (let kill = 0; kill <= KILLS; kill++) {
    const [httpPort, trackerPort] = [await freePort(), await freePort()];
    server = await startServer(dataDir, httpPort, trackerPort);
    const stopAt = Date.now() + STREAM_MS;
    const streams = devices.map((device, i) => stream(trackerPort, i, device, stopAt + 60_000));
    if (kill < KILLS) {
      await new Promise((resolve) => setTimeout(resolve, STREAM_MS));
      server.kill('SIGKILL');
      await new Promise((resolve) => server?.once('exit', resolve));
      await Promise.all(streams);
      console.log(
        `kill ${kill + 1}: ${devices.reduce((sum, d) => sum + d.acked, 0)} records acknowledged so far`,
      );
    } else {
      // The last start only takes over the stale lock and stops cleanly.
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
      await Promise.all(streams);
    }
  }
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  let acknowledged = 0;
  let lost = 0;
  let duplicated = 0;
  let storedTotal = 0;
  for (const device of devices) {
    // Each device's records are numbered by time: the acknowledged ones are those before `acked`.
    const [row] = await db.query<{ stored: number; distinct_times: number; acked_stored: number }>(
      `SELECT count(*)::int AS stored, count(DISTINCT r.device_time)::int AS distinct_times,
              count(*) FILTER (WHERE r.device_time < $2)::int AS acked_stored
         FROM source s JOIN telemetry_record r ON r.source_id = s.id WHERE s.code = $1`,
      [device.imei, new Date(START_MS + device.acked * 10_000).toISOString()],
    );
    acknowledged += device.acked;
    storedTotal += row?.stored ?? 0;
    lost += device.acked - (row?.acked_stored ?? 0);
    duplicated += (row?.stored ?? 0) - (row?.distinct_times ?? 0);
  }
  await db.close();
  console.log(
    `crash safety: ${KILLS} kills, ${acknowledged} records acknowledged, ${storedTotal} stored, ` +
      `${lost} acknowledged records lost, ${duplicated} stored twice`,
  );
  if (lost > 0 || duplicated > 0) process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
