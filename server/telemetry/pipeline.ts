// The telemetry pipeline built in one place, for every role, test and benchmark: the ingest that
// stores records, the meter that counts them, the engine's scheduler that recomputes the days they
// touched, and the OEM feed poller that feeds the ingest. Where the ingest's commits go is the one
// choice: to this process's scheduler (one process, the default), or to a broker that engines in
// other processes consume (broker.ts).
import type { Database } from '../db/database.ts';
import { TelemetryPartitions } from '../db/partitions.ts';
import { RollupScheduler, type SchedulerOptions } from './engine/scheduler.ts';
import { createIngest, type Ingest, type TouchedSpan } from './ingest.ts';
import { observeIngest } from './ingestMetrics.ts';
import { IngestMeter } from './ingestMeter.ts';
import { OemFeedPoller } from './pollers/oemFeedPoller.ts';

/**
 * Groups of records committing at once on PostgreSQL, of the pool's 10 connections: the rest stay
 * for the engine and the API (docs/performance.md, "End to end over TCP").
 */
const POSTGRES_CONCURRENT_COMMITS = 4;
/**
 * How long PGlite's one committing group waits for more records: 10 ms took the benchmark's
 * groups from 183 to about 2,000 records. PostgreSQL's groups grow while others commit.
 */
const PGLITE_GATHER_MS = 10;

/** Batches of machines the engine recomputes at once on PostgreSQL (docs/performance.md). */
const POSTGRES_CONCURRENT_RECOMPUTES = 2;

export interface PipelineLog {
  error(details: object, message: string): void;
}

export interface PipelineOptions {
  /** Where a commit's touched days go; this process's scheduler when not given. */
  handOff?: (touched: TouchedSpan[]) => Promise<void>;
  /** Reports recomputes that failed; nothing is logged when not given. */
  log?: PipelineLog;
  scheduler?: Omit<SchedulerOptions, 'onError'>;
  /** Lets OEM feeds be polled on private addresses (OEM_FEED_ALLOW_PRIVATE). */
  oemFeedAllowPrivate?: boolean;
}

export interface Pipeline {
  ingest: Ingest;
  meter: IngestMeter;
  rollups: RollupScheduler;
  oemFeeds: OemFeedPoller;
  /** Calls `listener` after each batch this process's ingest committed, before the hand-off. */
  onStored(listener: () => void): void;
  /** Stops polling and finishes the recomputes queued. */
  close(): Promise<void>;
}

export function buildPipeline(db: Database, options: PipelineOptions = {}): Pipeline {
  const rollups = new RollupScheduler(db, {
    ...(db.kind === 'postgres' ? { concurrentBatches: POSTGRES_CONCURRENT_RECOMPUTES } : {}),
    ...options.scheduler,
    onError: (error, machineId) =>
      options.log?.error({ err: error, machineId }, 'activity recompute failed'),
  });
  const meter = new IngestMeter(db);
  const handOff = options.handOff ?? (async (touched) => rollups.touched(touched));
  const storedListeners: Array<() => void> = [];
  const ingest = meter.wrap(
    observeIngest(
      createIngest(db, {
        afterCommit: async (touched) => {
          for (const listener of storedListeners) listener();
          await handOff(touched);
        },
        touchRetransmissions: Boolean(options.handOff),
        ...(db.kind === 'postgres'
          ? {
              partitions: new TelemetryPartitions(db),
              concurrentCommits: POSTGRES_CONCURRENT_COMMITS,
            }
          : { gatherMs: PGLITE_GATHER_MS }),
      }),
    ),
  );
  const oemFeeds = new OemFeedPoller(db, ingest, {
    allowPrivate: options.oemFeedAllowPrivate,
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    ingest,
    meter,
    rollups,
    oemFeeds,
    onStored: (listener) => storedListeners.push(listener),
    async close() {
      await oemFeeds.stop();
      await rollups.drain();
      await meter
        .close()
        .catch((error: unknown) => options.log?.error({ err: error }, 'ingest counts not saved'));
    },
  };
}
