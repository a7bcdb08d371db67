// The demo fleet at start-up: its devices send the week they "buffered" to this server's own
// listeners and webhook, then keep reporting each minute. Ready means the figures are computed and
// the demo's hour-meter readings written over them.
import type { Database } from '../db/database.ts';
import type { Readiness } from '../readiness.ts';
import { storeUplinks } from '../modules/ingest/index.ts';
import { seedDemoMeters } from './meters.ts';
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
  ttsToken: string | undefined;
  historyDays: number;
  log: { info(o: object | string, m?: string): void; error(o: object, m: string): void };
}

/** Starts the demo's devices; the readiness step ends when their history is in and worked out. */
export function startDemoHistory(options: DemoHistoryOptions): DemoStream {
  const { db, pipeline, log, historyDays } = options;
  const stream = new DemoStream({
    db,
    target: options.trackerTarget,
    http: options.ttsToken ? { baseUrl: options.httpUrl, ttsToken: options.ttsToken } : null,
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
    await options.statistics.analyse();
  });
  return stream;
}
