// Which organisation a token names, cached briefly per process: every authenticated request asks,
// and under load that one statement per request queued in front of the answers' own statements
// (docs/performance.md). A change made in this process is seen at once (forget); one made by
// another process as soon as its notice arrives (auth/accessChanges.ts), or within CACHE_MS where
// no notices are heard.
import type { Queryable } from '../db/database.ts';
import { AccessCache } from '../security/accessCache.ts';
import { getOrganisation, type Organisation } from './organisation.ts';

const CACHE_MS = 5_000;
const MAX_HELD = 10_000;

export class OrganisationRegistry {
  private readonly held: AccessCache<Organisation>;

  constructor(
    private readonly db: Queryable,
    now: () => number = Date.now,
  ) {
    this.held = new AccessCache(CACHE_MS, now, MAX_HELD);
  }

  get(id: string): Promise<Organisation | undefined> {
    return this.held.get(id, () => getOrganisation(this.db, id));
  }

  /** Its name, type or time zone changed, or it was deleted: read it again when next asked. */
  forget(id: string): void {
    this.held.forget(id);
  }

  /** Notices may have been missed: read every organisation again. */
  forgetAll(): void {
    this.held.forgetAll();
  }
}
