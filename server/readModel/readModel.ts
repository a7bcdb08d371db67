// The read model: what the machine list, the dashboard, the sites and the reports read, with the
// rollups they sum held in memory. It travels in the server context (one per process); the engine
// announces each commit and the model drops what it holds of those machines (see invalidation.ts
// for the announcements of engines in other processes).
import type { Database } from '../db/database.ts';
import type { Skeleton } from './fleet.ts';
import { RollupCache } from './rollupCache.ts';
import { SelectionCache } from './selections.ts';
import type { SerialisedReply } from './serialisedReply.ts';

/** A whole reply kept between requests (the fleet map's). */
export interface KeptReply extends SerialisedReply {
  /** When it stops being right though nothing was written: a state goes quiet, a hire starts or ends. */
  validUntilMs: number;
}

/** Last answers kept for requests that asked before they began: one per fleet and query. */
const MAX_ANSWERED = 200;

/** Whole replies kept at most: each may be every machine of a fleet. */
const MAX_KEPT_REPLIES = 20;

export class ReadModel {
  readonly rollups: RollupCache;
  /** The list's and the dashboard's selections of machines (fleet.ts), kept while unchanged. */
  readonly selections: SelectionCache<Skeleton>;
  /**
   * Replies that read the records themselves (positions, states, last reports), kept until the
   * next commit or stored batch as well as the next change of the fleet.
   */
  readonly replies: SelectionCache<KeptReply>;
  private readonly answering = new Map<string, Promise<unknown>>();
  /** The last answer of each key, and when it began. */
  private readonly answered = new Map<string, { startedAtMs: number; value: unknown }>();
  /** Counts commits and stored batches: a kept reply is right only within one generation. */
  private generation = 0;

  constructor(readonly db: Database) {
    this.rollups = new RollupCache(db);
    this.selections = new SelectionCache(db);
    this.replies = new SelectionCache(db, {
      generation: () => this.generation,
      maxHeld: MAX_KEPT_REPLIES,
    });
  }

  /** The engine committed new figures for these machines: read them again when next asked. */
  committed(machineIds: Iterable<string>): void {
    this.rollups.invalidate(machineIds);
    this.generation++;
  }

  /** This process's ingest stored records: positions and last reports may have moved. */
  recorded(): void {
    this.generation++;
  }

  /**
   * Requests asking the same (`key`) share one answer: those that ask while it is being worked out
   * wait for it, and those that asked before it began take it when it is done, as it is as new as
   * one they would have begun themselves. 200 people opening the same fleet's list at once cost
   * one list. The second rule keeps the requests that reach here just after an answer ended (their
   * turn came while it was being sent) from each beginning another. `askedAtMs` is when the
   * request arrived, on `performance.now()`'s clock.
   */
  shared<T>(key: string, askedAtMs: number, answer: () => Promise<T>): Promise<T> {
    const done = this.answered.get(key);
    if (done && done.startedAtMs >= askedAtMs) return Promise.resolve(done.value as T);
    let pending = this.answering.get(key) as Promise<T> | undefined;
    if (!pending) {
      const startedAtMs = performance.now();
      pending = answer()
        .then((value) => {
          if (this.answered.size >= MAX_ANSWERED) this.answered.clear();
          this.answered.set(key, { startedAtMs, value });
          return value;
        })
        .finally(() => this.answering.delete(key));
      this.answering.set(key, pending);
    }
    return pending;
  }

  /** Reads every machine's rollups now, so that the first list after a start is not the slow one. */
  warm(): Promise<void> {
    return this.rollups.warm();
  }

  /** Some announcements may have been missed (a lost connection): read everything again. */
  forgetAll(): void {
    this.rollups.invalidateAll();
    this.generation++;
  }
}
