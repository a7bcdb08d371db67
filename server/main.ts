// Starts the portal: reads the configuration, opens the database, seeds the demo, listens, and shuts
// down cleanly. ROLE chooses what this process runs (docs/scaling.md); `all`, the default, is the
// whole portal in one process.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { openDatabase } from './db/open.ts';
import type { Database } from './db/database.ts';
import { keepStatistics } from './db/statistics.ts';
import { keepPartitions } from './db/partitions.ts';
import { ReadModel } from './readModel/readModel.ts';
import { announceCommits, followCommits } from './readModel/invalidation.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './demo/seed.ts';
import { startDemoHistory } from './demo/history.ts';
import { DEMO_SSO_DOMAIN, startDemoSso } from './modules/sso/index.ts';
import { TouchedBroker } from './telemetry/broker.ts';
import { buildPipeline, type Pipeline } from './telemetry/pipeline.ts';
import { DeviceConnections } from './telemetry/listeners/connections.ts';
import { DeviceRelay } from './telemetry/listeners/deviceRelay.ts';
import { startDeviceListeners } from './telemetry/listeners/start.ts';
import { drainRecomputeBacklog } from './telemetry/engine/backlog.ts';
import type { DemoStream } from './telemetry/simulator/demoStream.ts';
import { Readiness } from './readiness.ts';
import { startTracing } from './observability/tracing.ts';
import { buildWeb } from './webBuild.ts';

async function main(): Promise<void> {
  const webBuilt = process.argv.includes('--build-web') ? buildWeb() : undefined; // npm start
  const config = configOrExit();
  const stopTracing = startTracing(process.env, config.role); // before the database and the server
  const db = await openDatabaseOrExit(config);
  const { role } = config;
  const runs = (...roles: string[]) => role === 'all' || roles.includes(role);
  const seeded =
    config.demoData &&
    runs('api') &&
    (await seedDemoIfEmpty(db, {
      adminEmail: config.demoAdminEmail,
      password: config.demoPassword,
    }));
  // Rollups are logged through the app's logger, which exists only once the app is built.
  let log: { error(o: object, m: string): void; info(o: object, m: string): void } = {
    error: (o, m) => console.error(m, o),
    info: (o, m) => console.log(m, o),
  };
  // With a broker the ingest's commits go to the engines through JetStream, else to this process's.
  const broker = config.natsUrl ? await connectBroker(config.natsUrl, config) : undefined;
  const pipeline = buildPipeline(db, {
    log: { error: (o, m) => log.error(o, m) },
    oemFeedAllowPrivate: config.oemFeedAllowPrivate,
    ...(broker ? { handOff: (touched) => broker.publish(touched) } : {}),
  });
  const { rollups, ingest, oemFeeds } = pipeline;
  // Other processes hear what this one's recomputes committed.
  if (db.kind === 'postgres') rollups.onCommitted(announceCommits(db));
  const readModel = new ReadModel(db);
  // Each start-up step is logged as it ends; the portal says it is ready when all have.
  const readiness = new Readiness(({ step, ms, error }) =>
    error
      ? log.error({ err: error, ms }, `start-up: ${step} failed`)
      : log.info({ ms }, `start-up: ${step} done`),
  );
  const devices = new DeviceConnections();
  // With a broker, staff reach the trackers of every ingest process through it; this process's
  // own, when it ingests, are served there too.
  const relay = broker ? new DeviceRelay(broker.connection, config.natsStream) : undefined;
  const stopRelay = relay && runs('ingest') ? relay.serve(devices) : undefined;
  await webBuilt;
  const app = await buildApp({
    config,
    db,
    pipeline,
    readModel,
    devices: relay ?? devices,
    readiness,
    ...(broker ? { broker } : {}),
    poll: runs('api'),
  });
  log = app.log;
  app.log.info(`start-up: ${role} on ${describeDatabase(config)}`);

  const statistics = keepStatistics(db, app.log);
  if (runs('engine')) await statistics.analyse();
  // PostgreSQL's telemetry months: made ahead, dropped past TELEMETRY_RETENTION_MONTHS.
  const stopPartitions = runs('engine')
    ? await keepPartitions(db, config.telemetryRetentionMonths, app.log)
    : undefined;
  // Figures committed by engines in other processes are read again here.
  const unfollow = runs('api') ? await followCommits(db, readModel) : undefined;
  // The machine list's rollups in memory, so the first list is quick and right.
  if (runs('api')) void readiness.track('rollups read into memory', () => readModel.warm());
  const listeners = runs('ingest')
    ? await startDeviceListeners(config, db, ingest, app.log, devices)
    : [];
  // This process's engine takes its share of the ingest's commits from the broker.
  if (broker && runs('engine')) consumeTouched(broker, rollups, app.log);
  const trackerPort = listeners[0]?.port;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let demoStream: DemoStream | undefined;
  // The demo's single sign-on: an OpenID provider of its own, for sso.demo.example.
  const demoSso =
    config.demoData && runs('api') ? await startDemoSso(db, config, app.log) : undefined;
  closeOnSignals(app.log, [
    () => demoStream?.stop(),
    () => demoSso?.close(),
    () => statistics.stop(),
    () => stopPartitions?.(),
    () => Promise.all(listeners.map((listener) => listener.close())),
    () => stopRelay?.(),
    () => broker?.close(),
    () => pipeline.close(),
    () => unfollow?.(),
    () => app.close(),
    () => db.close(),
    () => stopTracing?.(),
  ]);

  await app.listen({ port: config.port, host: config.host });
  if (runs('ingest')) oemFeeds.start();
  // Days computed before the engine wrote some newer output (heat cells) are computed again.
  if (runs('engine'))
    void readiness.track('recompute backlog', () =>
      drainRecomputeBacklog(db, (jobs) => rollups.recompute(jobs)),
    );
  // The demo fleet's devices speak the real protocols to this server's own listeners.
  if (config.demoData && role === 'all' && trackerPort !== undefined) {
    const { port } = app.server.address() as AddressInfo;
    demoStream = startDemoHistory({
      db,
      pipeline,
      readiness,
      statistics,
      trackerTarget: { host: loopback, port: trackerPort },
      httpUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`,
      config,
      log: app.log,
    });
  }
  readiness.open();
  await readiness.whenReady();
  printBanner(config, {
    seeded: Boolean(seeded),
    sso: demoSso?.issuer,
    trackerPort,
  });
}

function connectBroker(url: string, config: Config): Promise<TouchedBroker> {
  return TouchedBroker.connect({ url, stream: config.natsStream, ackWaitS: config.natsAckWaitS });
}

function consumeTouched(
  broker: TouchedBroker,
  rollups: Pipeline['rollups'],
  log: { error(o: object, m: string): void },
): void {
  broker.consume(
    async (touched) => {
      rollups.touched(touched);
      await rollups.drain();
    },
    (error) => log.error({ err: error }, 'engine: a batch from the broker failed'),
  );
}

/** A setting a person can fix ends the process with one line naming it. */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    // The demo's LoRaWAN sensors post to this server's own webhook: without a configured token,
    // the process makes one up that only it knows.
    return config.demoData && !config.ttsToken
      ? { ...config, ttsToken: randomBytes(24).toString('base64url') }
      : config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

/** So does a data folder another process holds. */
/** How long a process started beside its PostgreSQL (compose.yaml) waits for it to answer. */
const DATABASE_WAIT_MS = 90_000;
/** Connection refused, name not found yet, or the server still starting up. */
const DATABASE_NOT_UP = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', '57P03']);

async function openDatabaseOrExit(config: Config): Promise<Database> {
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  for (;;) {
    try {
      return await openDatabase(config);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      const code = (error as { code?: unknown }).code;
      const waiting = config.databaseUrl && typeof code === 'string' && DATABASE_NOT_UP.has(code);
      if (!waiting || Date.now() > giveUpAt) throw error;
      console.error(`PostgreSQL is not answering yet (${code}); trying again in 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/** On SIGTERM or SIGINT, stops what runs in the order given, then exits. */
function closeOnSignals(log: { info(o: object, m: string): void }, steps: (() => unknown)[]) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    for (const step of steps) await step();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function describeDatabase(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
}

/** What a person starting the portal needs: where it is and how to sign in. */
function printBanner(
  config: Config,
  { seeded, trackerPort, sso }: { seeded: boolean; trackerPort: number | undefined; sso?: string },
) {
  const devices =
    trackerPort === undefined
      ? 'no listener (TELTONIKA_PORT=off)'
      : `Teltonika TCP and UDP on port ${trackerPort}`;
  const lines = [
    '',
    `  Fleet portal is running at ${config.publicUrl}`,
    `  Database: ${describeDatabase(config)}${seeded ? ' (demo data created)' : ''}`,
    `  Devices: ${devices}`,
  ];
  if (config.demoData) {
    lines.push(
      `  Demo sign-in: ${config.demoAdminEmail} / ${config.demoPassword}`,
      `  (also ${DEMO_USERS.viewer}, ${DEMO_USERS.staff} and ${DEMO_USERS.customer} with the same password)`,
      `  The demo fleet keeps reporting each minute through the device listeners.`,
    );
    if (sso)
      lines.push(
        `  Single sign-on: any address @${DEMO_SSO_DOMAIN} signs in through the demo OpenID provider at ${sso}`,
      );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
