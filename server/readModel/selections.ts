// Selections of machines (which, in what order, with which hires and spans) kept between requests
// while nothing they read has changed: the fleet_change count (migration 037) goes up with every
// committed write to machines, hires, sites, groups, shifts, operators or devices, in any process,
// and one row read per request tells. A selection also ends when a hire starts or ends, and, for
// what reads the records too (the fleet map), when the read model's generation moves on.
import type { Queryable } from '../db/database.ts';

/** Selections held at most; a fleet's users ask for a handful of ranges and filters. */
const MAX_HELD = 200;

interface Held<T> {
  value: T;
  version: number;
  generation: number;
  validUntilMs: number;
}

export class SelectionCache<T extends { validUntilMs: number }> {
  private readonly held = new Map<string, Held<T>>();
  /** Builds under way, by key and count: requests that ask meanwhile wait for the same one. */
  private readonly building = new Map<string, Promise<T>>();

  private readonly generation: () => number;
  private readonly maxHeld: number;

  constructor(
    private readonly db: Queryable,
    options: {
      /**
       * Moves on when something the kept values read changed besides the fleet: commits and stored
       * records, for what reads them. Constant when not given.
       */
      generation?: () => number;
      maxHeld?: number;
    } = {},
  ) {
    this.generation = options.generation ?? (() => 0);
    this.maxHeld = options.maxHeld ?? MAX_HELD;
  }

  /** The selection under `key` while it is still right, else `build`'s; null keys are never kept. */
  async get(key: string | null, build: () => Promise<T>): Promise<T> {
    if (key === null) return build();
    // Read before building: a write committed meanwhile makes the next request build again.
    const [row] = await this.db.query<{ version: number }>('SELECT version FROM fleet_change');
    const version = Number(row?.version ?? -1);
    const generation = this.generation();
    const held = this.held.get(key);
    if (
      held &&
      held.version === version &&
      held.generation === generation &&
      Date.now() < held.validUntilMs
    ) {
      return held.value;
    }
    const flight = `${version}\u0000${generation}\u0000${key}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = build()
        .then((value) => {
          if (this.held.size >= this.maxHeld) this.held.clear();
          this.held.set(key, { value, version, generation, validUntilMs: value.validUntilMs });
          return value;
        })
        .finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    return pending;
  }
}
