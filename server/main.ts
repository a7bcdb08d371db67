// Starts the portal: reads the configuration, opens the database, seeds the demo, listens, and shuts
// down cleanly. ROLE chooses what this process runs (docs/scaling.md); `all`, the default, is the
// whole portal in one process.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { openDatabase } from './db/open.ts';
import { keepStatistics } from './db/statistics.ts';
import { keepPartitions } from './db/partitions.ts';
import { ReadModel } from './readModel/readModel.ts';
import { announceCommits, followCommits } from './readModel/invalidation.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './demo/seed.ts';
import { DEMO_SSO_DOMAIN, startDemoSso } from './modules/sso/index.ts';
import { storeUplinks } from './modules/ingest/index.ts';
import { decodeTtsUplink } from './telemetry/adapters/lorawan.ts';
import { TouchedBroker } from './telemetry/broker.ts';
import { buildPipeline } from './telemetry/pipeline.ts';
import { DeviceConnections } from './telemetry/listeners/connections.ts';
import { DeviceRelay } from './telemetry/listeners/deviceRelay.ts';
import { startDeviceListeners } from './telemetry/listeners/start.ts';
import { drainRecomputeBacklog } from './telemetry/engine/backlog.ts';
import { DemoStream } from './telemetry/simulator/demoStream.ts';
import { Readiness } from './readiness.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  // The demo's LoRaWAN sensors post to this server's own webhook: without a configured token, the
  // process makes one up that only it knows.
  if (config.demoData && !config.ttsToken) {
    config = { ...config, ttsToken: randomBytes(24).toString('base64url') };
  }
  let db;
  try {
    db = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
  // With a broker the ingest's commits go to the engines through JetStream; without one, to the
  // engine of this process.
  const broker = config.natsUrl
    ? await TouchedBroker.connect({
        url: config.natsUrl,
        stream: config.natsStream,
        ackWaitS: config.natsAckWaitS,
      })
    : undefined;
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
  if (broker && runs('engine')) {
    broker.consume(
      async (touched) => {
        rollups.touched(touched);
        await rollups.drain();
      },
      (error) => app.log.error({ err: error }, 'engine: a batch from the broker failed'),
    );
  }
  const trackerPort = listeners[0]?.port;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let demoStream: DemoStream | undefined;
  // The demo's single sign-on: an OpenID provider of its own, for sso.demo.example.
  const demoSso =
    config.demoData && runs('api') ? await startDemoSso(db, config, app.log) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await demoStream?.stop();
    await demoSso?.close();
    statistics.stop();
    stopPartitions?.();
    await Promise.all(listeners.map((listener) => listener.close()));
    stopRelay?.();
    await broker?.close();
    await pipeline.close();
    await unfollow?.();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
    demoStream = new DemoStream({
      db,
      target: { host: loopback, port: trackerPort },
      http: config.ttsToken
        ? {
            baseUrl: `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}`,
            ttsToken: config.ttsToken,
          }
        : null,
      storeUplinks: async (bodies) => {
        const receivedMs = Date.now();
        await storeUplinks(
          db,
          ingest,
          bodies.map((body) => decodeTtsUplink(body, receivedMs)),
        );
      },
      oemFeeds,
      historyDays: config.demoHistoryDays,
      log: app.log,
    });
    const stream = demoStream;
    app.log.info(`start-up: replaying ${config.demoHistoryDays} days of demo history`);
    void readiness.track(`demo history (${config.demoHistoryDays} days)`, async () => {
      await rollups.holdWhile(() => stream.start());
      // Ready means the figures are computed, not only the records stored.
      await rollups.drain();
      // The backfill grows the tables from nothing: fresh statistics keep the plans sane.
      await statistics.analyse();
    });
  }
  readiness.open();
  await readiness.whenReady();
  printBanner(config, {
    seeded: Boolean(seeded),
    sso: demoSso?.issuer,
    devices: listeners.length
      ? `Teltonika TCP and UDP on port ${listeners[0]?.port}`
      : 'no listener (TELTONIKA_PORT=off)',
  });
}

function describeDatabase(config: Config): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
}

/** What a person starting the portal needs: where it is and how to sign in. */
function printBanner(
  config: Config,
  { seeded, devices, sso }: { seeded: boolean; devices: string; sso?: string },
) {
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
