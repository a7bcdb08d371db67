// The device side of bench/ingest-tcp.ts and bench/ingest-roles.ts, in its own process as real
// trackers are: 1,000 devices, 100 records each, sent over Teltonika TCP to the port given (or
// spread over the ports given, as a load balancer would), each packet waiting for its ack.
import { spawn } from 'node:child_process';
import type { AvlRecordInput } from '../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../server/telemetry/adapters/teltonika/ioElements.ts';
import { sendOverTcp } from '../server/telemetry/simulator/teltonikaClient.ts';
import type { Queryable } from '../server/db/database.ts';

export const DEVICES = 1000;
export const RECORDS_PER_DEVICE = 100;

/** The machines and trackers the devices report as: one organisation, one tracker per machine. */
export async function seedDevices(db: Queryable): Promise<void> {
  const [org] = await db.query<{ id: string }>(
    `INSERT INTO organisation (name, type) VALUES ('Bench Hire', 'rental') RETURNING id`,
  );
  await db.query(
    `WITH m AS (
       INSERT INTO machine (organisation_id, name, category)
       SELECT $1, 'Bench ' || n, 'Excavator' FROM generate_series(1, $2) n RETURNING id, name)
     INSERT INTO source (type, code, machine_id, expected_interval_s)
     SELECT 'TELTONIKA', (350000000000000 + substr(name, 7)::bigint)::text, id, 60 FROM m`,
    [org?.id ?? '', DEVICES],
  );
}

/** Starts the devices in a process of their own, ready to send on the go signal. */
export async function startDevices(ports: number[]): Promise<{ go(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/devices.ts', ...ports.map(String)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`devices exited with ${code}`)),
    ),
  );
  return {
    go: async () => {
      child.stdin.end('go\n');
      await exited;
    },
  };
}

function deviceRecords(device: number): AvlRecordInput[] {
  const start = Date.UTC(2026, 10, 16, 7) + device * 1000;
  return Array.from({ length: RECORDS_PER_DEVICE }, (_, i) => ({
    timestampMs: start + i * 60_000,
    latitude: 51.5 + device * 1e-4,
    longitude: -0.1 + (i % 10) * 1e-5,
    satellites: 11,
    speedKmh: 0,
    io: {
      [IO.ignition]: 1,
      [IO.movement]: 1,
      [IO.engineRpm]: 1650,
      [IO.fuelConsumedCounted]: 10_000 + i * 2,
    },
  }));
}

// A device whose connection fails reconnects and sends again, as trackers do; the store is idempotent.
async function send(
  port: number,
  records: AvlRecordInput[],
  imei: string,
  attempt = 0,
): Promise<void> {
  try {
    await sendOverTcp({ host: '127.0.0.1', port }, imei, records);
  } catch (error) {
    if (attempt >= 5) throw error;
    await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    await send(port, records, imei, attempt + 1);
  }
}

if (process.argv[2]) {
  const ports = process.argv.slice(2).map(Number);
  const payloads = Array.from({ length: DEVICES }, (_, d) => deviceRecords(d + 1));
  // Ready: the parent starts its clock when it reads this line.
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  await Promise.all(
    payloads.map((records, d) =>
      send(ports[d % ports.length] as number, records, String(350000000000000 + d + 1)),
    ),
  );
}
