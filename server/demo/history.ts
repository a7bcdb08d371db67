// The demo fleet at start-up: its devices send the week they "buffered" to this server's own
// listeners and webhook, then keep reporting each minute. Ready means the figures are computed and
// the demo's hour-meter readings and service history written over them.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Readiness } from '../readiness.ts';
import { storeUplinks } from '../modules/ingest/index.ts';
import { seedDemoChecks } from './checks.ts';
import { seedDemoMaintenance } from './maintenance.ts';
import { seedDemoMeters } from './meters.ts';
import { directoryStorage } from '../storage/fileStorage.ts';
import { decodeTtsUplink } from '../telemetry/adapters/lorawan.ts';
import type { Pipeline } from '../telemetry/pipeline.ts';
import { DemoStream } from '../telemetry/simulator/demoStream.ts';

export interface DemoHistoryOptions {
  db: Database;
  pipeline: Pipeline;
  readiness: Readiness;
  /** The statistics kept for PGlite: the backfill grows the tables from nothing. */
  statistics: { analyse(): Promise<void> };
  /** Where the tracker listener and the HTTP server answer on this machine. */
  trackerTarget: { host: string; port: number };
  httpUrl: string;
  /** The TTS token its LoRaWAN devices send with, the days of history, and where files live. */
  config: Pick<Config, 'ttsToken' | 'demoHistoryDays' | 'filesDir'>;
  log: { info(o: object | string, m?: string): void; error(o: object, m: string): void };
}

/** Starts the demo's devices; the readiness step ends when their history is in and worked out. */
export function startDemoHistory(options: DemoHistoryOptions): DemoStream {
  const { db, pipeline, log, config } = options;
  const historyDays = config.demoHistoryDays;
  const stream = new DemoStream({
    db,
    target: options.trackerTarget,
    http: config.ttsToken ? { baseUrl: options.httpUrl, ttsToken: config.ttsToken } : null,
    storeUplinks: async (bodies) => {
      const receivedMs = Date.now();
      await storeUplinks(
        db,
        pipeline.ingest,
        bodies.map((body) => decodeTtsUplink(body, receivedMs)),
      );
    },
    oemFeeds: pipeline.oemFeeds,
    historyDays,
    log,
  });
  log.info(`start-up: replaying ${historyDays} days of demo history`);
  void options.readiness.track(`demo history (${historyDays} days)`, async () => {
    await pipeline.rollups.holdWhile(() => stream.start());
    await pipeline.rollups.drain();
    await seedDemoMeters(db, Date.now());
    await seedDemoMaintenance(db, directoryStorage(config.filesDir), Date.now());
    await seedDemoChecks(db, Date.now());
    await options.statistics.analyse();
  });
  return stream;
}
