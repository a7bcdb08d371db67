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

  constructor(readonly db: Database) {
    this.rollups = new RollupCache(db);
    this.selections = new SelectionCache(db);
  }

  /** The engine committed new figures for these machines: read them again when next asked. */
  committed(machineIds: Iterable<string>): void {
    this.rollups.invalidate(machineIds);
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
