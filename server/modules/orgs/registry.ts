// Which organisation a token names, cached briefly per process: every authenticated request asks,
// and under load that one statement per request queued in front of the answers' own statements
// (docs/performance.md). A change made in this process is seen at once (forget); one made by
// another process within CACHE_MS, as for sessions (auth/sessions.ts).
import type { Queryable } from '../../db/database.ts';
import { getOrganisation, type Organisation } from './service.ts';

const CACHE_MS = 5_000;
/** Bounded: a busy server forgets old entries rather than growing without end. */
const MAX_HELD = 10_000;

export class OrganisationRegistry {
  private readonly held = new Map<string, { organisation: Organisation; atMs: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  async get(id: string): Promise<Organisation | undefined> {
    const held = this.held.get(id);
    if (held && this.now() - held.atMs < CACHE_MS) return held.organisation;
    const organisation = await getOrganisation(this.db, id);
    if (!organisation) {
      this.held.delete(id);
      return undefined;
    }
    if (this.held.size >= MAX_HELD) this.held.clear();
    this.held.set(id, { organisation, atMs: this.now() });
    return organisation;
  }

  /** Its name, type or time zone changed: read it again when next asked. */
  forget(id: string): void {
    this.held.delete(id);
  }
}
