// The portal as several processes on one PostgreSQL and NATS JetStream (docs/scaling.md): two api,
// one ingest and two engine processes. Trackers send over TCP to the ingest; one engine is killed
// with SIGKILL while the records arrive; the other takes its work over. Nothing may be lost or
// counted twice, and both api processes must answer the same figures once the engines commit.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverviewReply, DeviceCommandReply } from '../../src/domain/api/admin.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import {
  type AvlRecordInput,
  encodeCommandResponse,
  encodeImeiHandshake,
} from '../../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../../server/telemetry/adapters/teltonika/ioElements.ts';
import { recomputeMachines } from '../../server/telemetry/engine/recompute.ts';
import { sendOverTcp } from '../../server/telemetry/simulator/teltonikaClient.ts';
import { createPostgresDatabase, testDatabases } from '../support/databases.ts';
import { freePort } from '../support/portalProcess.ts';
import { TrackerSocket } from '../support/trackerSocket.ts';
import { waitFor } from '../support/waitFor.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlpReceiver.ts';
import { call, DEMO_ADMIN, DEMO_PASSWORD, signIn } from '../support/testServer.ts';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const onPostgres = testDatabases.some((database) => database.kind === 'postgres');

const MACHINES = 12;
const RECORDS = 150;

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
}

describe.skipIf(!onPostgres)('roles on PostgreSQL and NATS JetStream', () => {
  const procs: Proc[] = [];
  const stream = `ROLES_TEST_${randomBytes(4).toString('hex')}`;
  const filesDir = mkdtempSync(path.join(tmpdir(), 'roles-files-'));
  let db: Database;
  let drop: () => Promise<void>;
  let databaseUrl = '';
  let trackerPort = 0;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
  const codes = Array.from({ length: MACHINES }, (_, i) => String(359_900_000_000_000 + i));

  async function start(name: string, role: string, env: Record<string, string> = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        ROLE: role,
        DATABASE_URL: databaseUrl,
        NATS_URL,
        NATS_STREAM: stream,
        NATS_ACK_WAIT_S: '2',
        PORT: String(port),
        TELTONIKA_PORT: 'off',
        DEMO_DATA: 'false',
        WEB_DIR: '',
        FILES_DIR: filesDir,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        // Every process exports its spans to the test's receiver, quickly.
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp?.url ?? '',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { name, url: `http://127.0.0.1:${port}`, child, output: [] };
    child.stdout?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
    procs.push(proc);
    return proc;
  }

  const ready = (proc: Proc) =>
    waitFor(`${proc.name} to be ready`, async () => {
      if (proc.child.exitCode !== null)
        throw new Error(`${proc.name} exited: ${proc.output.join('')}`);
      const reply = await fetch(`${proc.url}/v1/health/ready`);
      return reply.ok ? true : undefined;
    });

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await createPostgresDatabase());
    otlp = await startOtlpReceiver();
    db = await openDatabase({ databaseUrl, dataDir: undefined });
    await seedDemoIfEmpty(db, { adminEmail: DEMO_ADMIN, password: DEMO_PASSWORD });
    await db.query(
      `WITH org AS (SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'),
            m AS (INSERT INTO machine (organisation_id, name, category)
                  SELECT org.id, 'Role bench ' || n, 'Excavator' FROM org, generate_series(0, $1 - 1) n
                  RETURNING id, name)
       INSERT INTO source (type, code, machine_id, expected_interval_s)
       SELECT 'TELTONIKA', (359900000000000 + substr(name, 12)::bigint)::text, id, 60 FROM m`,
      [MACHINES],
    );
    trackerPort = await freePort();
    await start('api 1', 'api');
    await start('api 2', 'api');
    await start('ingest', 'ingest', { TELTONIKA_PORT: String(trackerPort) });
    await start('engine 1', 'engine');
    await start('engine 2', 'engine');
    await Promise.all(procs.map(ready));
  }, 120_000);

  afterAll(async () => {
    for (const proc of procs) proc.child.kill('SIGKILL');
    await Promise.all(
      procs.map(
        (proc) =>
          proc.child.exitCode !== null ||
          proc.child.signalCode !== null ||
          new Promise((resolve) => proc.child.once('exit', resolve)),
      ),
    );
    await otlp?.close();
    const nats = await connect({ servers: NATS_URL });
    await (await nats.jetstreamManager()).streams.delete(stream).catch(() => undefined);
    await nats.close();
    await db?.close();
    await drop?.();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('stores every record once and both api processes answer the engines’ figures, an engine killed midway', async () => {
    // Two and a half hours of work per machine, ending now: a minute a record.
    const startMs = Math.floor(Date.now() / 60_000) * 60_000 - RECORDS * 60_000;
    const recordsOf = (machine: number): AvlRecordInput[] =>
      Array.from({ length: RECORDS }, (_, i) => ({
        timestampMs: startMs + i * 60_000,
        latitude: 51.5 + machine * 1e-3,
        longitude: -0.1 + (i % 10) * 1e-5,
        satellites: 11,
        speedKmh: 0,
        io: {
          [IO.ignition]: i % 40 < 30 ? 1 : 0,
          [IO.movement]: 1,
          [IO.engineRpm]: i % 40 < 30 ? 1650 : 0,
          [IO.fuelConsumedCounted]: 10_000 + i * 2,
        },
      }));
    const target = { host: '127.0.0.1', port: trackerPort };
    const half = RECORDS / 2;
    // The first half from every tracker, acknowledged only once stored and published.
    await Promise.all(
      codes.map((code, m) => sendOverTcp(target, code, recordsOf(m).slice(0, half), 5)),
    );
    const engine = procs.find((proc) => proc.name === 'engine 1');
    engine?.child.kill('SIGKILL');
    await Promise.all(
      codes.map((code, m) => sendOverTcp(target, code, recordsOf(m).slice(half), 5)),
    );

    const [stored] = await db.query<{ records: number; distinct: number }>(
      `SELECT count(*) AS records, count(DISTINCT (r.source_id, r.device_time)) AS distinct
         FROM telemetry_record r JOIN source s ON s.id = r.source_id WHERE s.code = ANY($1)`,
      [codes],
    );
    expect(stored).toEqual({ records: MACHINES * RECORDS, distinct: MACHINES * RECORDS });

    // The surviving engine finishes every message, the killed one's included.
    const nats = await connect({ servers: NATS_URL });
    const manager = await nats.jetstreamManager();
    await waitFor('the engines to finish', async () => {
      const info = await manager.consumers.info(stream, 'engines');
      return info.num_pending === 0 && info.num_ack_pending === 0 ? true : undefined;
    });
    await nats.close();

    const rollupsNow = () =>
      db.query<{ machine_id: string; day: string; active_s: number; fuel_l: number }>(
        `SELECT d.machine_id, d.day::text AS day, d.active_s, d.fuel_l
           FROM machine_day_rollup d JOIN machine m ON m.id = d.machine_id
          WHERE m.name LIKE 'Role bench %' ORDER BY 1, 2`,
      );
    const byEngines = await rollupsNow();
    const activeS = byEngines.reduce((sum, row) => sum + row.active_s, 0);
    // Every machine worked about 30 minutes in 40 for two and a half hours.
    expect(activeS).toBeGreaterThan(MACHINES * 100 * 60);
    expect(activeS).toBeLessThanOrEqual(MACHINES * 125 * 60);
    // What one engine computes from the stored records, afresh: the same figures to the second.
    const days = [...new Set(byEngines.map((row) => row.day))].sort();
    await recomputeMachines(
      db,
      [...new Set(byEngines.map((row) => row.machine_id))].map((machineId) => ({
        machineId,
        fromDay: days[0] ?? '',
        toDay: days.at(-1) ?? '',
      })),
    );
    expect(await rollupsNow()).toEqual(byEngines);

    // Both api processes answer those figures, told of the commits through PostgreSQL.
    const listOf = async (proc: Proc) => {
      const { token } = await signIn(proc);
      const reply = await call<MachineListReply>(
        proc,
        'GET',
        '/v1/portal/machines/list?start=max&end=max&q=Role%20bench&perPage=50',
        { token },
      );
      return reply.body;
    };
    const expectedHours = activeS / 3600;
    for (const proc of procs.filter((p) => p.name.startsWith('api'))) {
      let hours: number | null | undefined;
      const list = await waitFor(`${proc.name} to answer the engines' figures`, async () => {
        const body = await listOf(proc);
        hours = body.summary.activeHours.value;
        return Math.abs((hours ?? 0) - expectedHours) < 0.01 ? body : undefined;
      }).catch((error: Error) => {
        throw new Error(`${error.message}: ${hours} active hours against ${expectedHours}`);
      });
      expect(list.summary.numberOfMachines.value).toBe(MACHINES);
    }

    // Each api process's staff home counts what the ingest process received, and shows the
    // engines' queue in JetStream, now empty.
    for (const proc of procs.filter((p) => p.name.startsWith('api'))) {
      const { token } = await signIn(proc, 'staff@demo.example');
      let home: AdminOverviewReply | undefined;
      await waitFor(`${proc.name}'s staff home to count the ingest's records`, async () => {
        home = (await call<AdminOverviewReply>(proc, 'GET', '/v1/admin/overview', { token })).body;
        const received = home.ingest.bySourceType
          .filter((row) => row.sourceType === 'TELTONIKA')
          .flatMap((row) => row.records)
          .reduce((sum, records) => sum + records, 0);
        return received >= MACHINES * RECORDS ? true : undefined;
      }).catch((error: Error) => {
        throw new Error(`${error.message}: ${JSON.stringify(home?.ingest)}`);
      });
      expect(home?.engine.brokerBatches).toBe(0);
    }
  }, 180_000);

  it('lists a tracker connected to the ingest process and sends it a command from an api process', async () => {
    const imei = codes[0] ?? '';
    const device = new TrackerSocket(trackerPort);
    try {
      device.send(encodeImeiHandshake(imei));
      expect((await device.read(1))[0]).toBe(1);
      const api = procs.find((proc) => proc.name === 'api 2') as Proc;
      const { token } = await signIn(api, 'staff@demo.example');
      const listed = await call<{ connections: { deviceId: string }[] }>(
        api,
        'GET',
        '/v1/admin/teltonika/connections',
        { token },
      );
      expect(listed.body.connections.map((open) => open.deviceId)).toEqual([imei]);

      const command = call<DeviceCommandReply>(api, 'POST', '/v1/admin/teltonika/commands', {
        token,
        body: { deviceId: imei, command: 'getver' },
      });
      // Preamble, length, codec 12 header, the text, count and CRC, from the ingest process.
      expect((await device.read(8 + 8 + 'getver'.length + 4)).toString('latin1')).toContain(
        'getver',
      );
      device.send(encodeCommandResponse('Ver:03.28.07_00'));
      expect((await command).body).toMatchObject({ deviceId: imei, response: 'Ver:03.28.07_00' });

      // A tracker connected nowhere is refused at once, naming the field.
      const offline = await call(api, 'POST', '/v1/admin/teltonika/commands', {
        token,
        body: { deviceId: '356307042449999', command: 'getver' },
      });
      expect(offline).toMatchObject({ status: 409, body: { field: 'deviceId' } });
    } finally {
      device.socket.destroy();
    }
  }, 60_000);
  it('traces a packet from the ingest process to the rollup the engine process commits', async () => {
    const spans = otlp?.spans ?? [];
    // The first test's packets: each batch is a trace begun by the ingest.
    const trace = await waitFor('a packet traced into an engine', async () => {
      const engineTraces = new Set(
        spans
          .filter(
            (span) => span.name === 'engine recompute' && span.resource['fleet.role'] === 'engine',
          )
          .map((span) => span.traceId),
      );
      return spans.find(
        (span) =>
          span.name === 'ingest batch' &&
          span.resource['fleet.role'] === 'ingest' &&
          engineTraces.has(span.traceId),
      )?.traceId;
    });
    const inTrace = spans.filter((span) => span.traceId === trace);
    const ingest = inTrace.find((span) => span.name === 'ingest batch');
    expect(ingest?.parentSpanId).toBe('');
    expect(ingest?.attributes['fleet.protocol']).toBe('TELTONIKA');
    // The records' commit in the ingest process, and the rollups' in an engine process.
    const roles = (predicate: (span: ReceivedSpan) => boolean) =>
      new Set(inTrace.filter(predicate).map((span) => span.resource['fleet.role']));
    expect(
      roles((span) => /INSERT INTO telemetry_record/i.test(span.attributes['db.query.text'] ?? '')),
    ).toEqual(new Set(['ingest']));
    await waitFor('the rollups committed in the trace', async () =>
      roles((span) => /machine_day_rollup/.test(span.attributes['db.query.text'] ?? '')).has(
        'engine',
      )
        ? true
        : undefined,
    );
    // An api request is a trace of its own through its statements.
    const request = spans.find((span) => span.name === 'GET /v1/portal/machines/list');
    expect(request?.resource['fleet.role']).toBe('api');
    expect(
      spans.some((span) => span.parentSpanId === request?.spanId && span.name.startsWith('db ')),
    ).toBe(true);
  });
});
