// Starts the portal: reads the configuration, opens the database, seeds the demo, listens, and shuts down cleanly.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/dataDirLock.ts';
import { openDatabase } from './db/open.ts';
import { keepStatistics } from './db/statistics.ts';
import { rollupCacheFor } from './modules/machines/rollupCache.ts';
import { DEMO_USERS, seedDemoIfEmpty } from './db/seed/demo.ts';
import { DEMO_SSO_DOMAIN, startDemoSso } from './modules/sso/demoSso.ts';
import { RollupScheduler } from './telemetry/engine/scheduler.ts';
import { createIngest } from './telemetry/ingest.ts';
import { IngestMeter } from './telemetry/ingestMeter.ts';
import { OemFeedPoller } from './telemetry/pollers/oemFeedPoller.ts';
import { DeviceConnections } from './telemetry/listeners/connections.ts';
import { startDeviceListeners } from './telemetry/listeners/start.ts';
import { drainRecomputeBacklog } from './telemetry/engine/backlog.ts';
import { DemoStream } from './telemetry/simulator/demoStream.ts';
import { Readiness } from './modules/health/readiness.ts';

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
  const seeded =
    config.demoData &&
    (await seedDemoIfEmpty(db, {
      adminEmail: config.demoAdminEmail,
      password: config.demoPassword,
    }));
  // Rollups are logged through the app's logger, which exists only once the app is built.
  let log: { error(o: object, m: string): void; info(o: object, m: string): void } = {
    error: (o, m) => console.error(m, o),
    info: (o, m) => console.log(m, o),
  };
  const rollups = new RollupScheduler(db, {
    onError: (error, machineId) =>
      log.error({ err: error, machineId }, 'activity recompute failed'),
  });
  const meter = new IngestMeter();
  const ingest = meter.wrap(
    createIngest(db, { afterCommit: async (touched) => rollups.touched(touched) }),
  );
  const oemFeeds = new OemFeedPoller(db, ingest, {
    allowPrivate: config.oemFeedAllowPrivate,
    log: { error: (o, m) => log.error(o, m) },
  });
  // Each start-up step is logged as it ends; the portal says it is ready when all have.
  const readiness = new Readiness(({ step, ms, error }) =>
    error
      ? log.error({ err: error, ms }, `start-up: ${step} failed`)
      : log.info({ ms }, `start-up: ${step} done`),
  );
  const devices = new DeviceConnections();
  const app = await buildApp({
    config,
    db,
    rollups,
    ingest,
    oemFeeds,
    devices,
    meter,
    readiness,
    pollReports: true,
    pollAlerts: true,
  });
  log = app.log;
  app.log.info(`start-up: database ready (${describeDatabase(config)})`);

  const statistics = keepStatistics(db, app.log);
  await statistics.analyse();
  // The machine list's rollups in memory, so the first list is quick and right.
  void readiness.track('rollups read into memory', () => rollupCacheFor(db).warm());
  const listeners = await startDeviceListeners(config, db, ingest, app.log, devices);
  const trackerPort = listeners[0]?.port;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let demoStream: DemoStream | undefined;
  // The demo's single sign-on: an OpenID provider of its own, for sso.demo.example.
  const demoSso = config.demoData ? await startDemoSso(db, config, app.log) : undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await demoStream?.stop();
    await demoSso?.close();
    await oemFeeds.stop();
    statistics.stop();
    await Promise.all(listeners.map((listener) => listener.close()));
    await rollups.drain();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  oemFeeds.start();
  // Days computed before the engine wrote some newer output (heat cells) are computed again.
  void readiness.track('recompute backlog', () => drainRecomputeBacklog(db));
  // The demo fleet's devices speak the real protocols to this server's own listeners.
  if (config.demoData && trackerPort !== undefined) {
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
      oemFeeds,
      historyDays: config.demoHistoryDays,
      log: app.log,
    });
    const stream = demoStream;
    app.log.info(`start-up: replaying ${config.demoHistoryDays} days of demo history`);
    void readiness.track(`demo history (${config.demoHistoryDays} days)`, async () => {
      await stream.start();
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
