// The read model: what the machine list, the dashboard, the sites and the reports read, with the
// rollups they sum held in memory. It travels in the server context (one per process); the engine
// announces each commit and the model drops what it holds of those machines (see invalidation.ts
// for the announcements of engines in other processes).
import type { Database } from '../../db/database.ts';
import type { Skeleton } from './fleet.ts';
import { RollupCache } from './rollupCache.ts';
import { SelectionCache } from './selections.ts';

export class ReadModel {
  readonly rollups: RollupCache;
  /** The list's and the dashboard's selections of machines (fleet.ts), kept while unchanged. */
  readonly selections: SelectionCache<Skeleton>;
  private readonly answering = new Map<string, Promise<unknown>>();

  constructor(readonly db: Database) {
    this.rollups = new RollupCache(db);
    this.selections = new SelectionCache(db);
  }

  /** The engine committed new figures for these machines: read them again when next asked. */
  committed(machineIds: Iterable<string>): void {
    this.rollups.invalidate(machineIds);
  }

  /**
   * Requests asking the same (`key`) while one is being answered share its answer: 200 people
   * opening the same fleet's list at once cost one list, answered at the same moment.
   */
  shared<T>(key: string, answer: () => Promise<T>): Promise<T> {
    let pending = this.answering.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = answer().finally(() => this.answering.delete(key));
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
  }
}
