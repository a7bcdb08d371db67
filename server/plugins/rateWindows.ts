// The API's request rate limits counted across every api process on one PostgreSQL database, so
// that N processes behind a load balancer allow a user the configured rate, not N times it. Each
// request is counted in memory and answered at once (no statement per request); every SYNC_MS the
// process adds what it counted to rate_window and reads back the totals of every process in the
// same statement. A user spreading requests over processes is therefore refused at most about
// SYNC_MS late. Windows are aligned to the clock (a minute starts at :00), as every process must
// name the same window.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database.ts';

const SYNC_MS = 1_000;
/** Rows older than this are deleted; the longest window in use is a minute. */
const KEEP_MS = 3_600_000;

interface Window {
  startMs: number;
  endMs: number;
  /** Every process's requests in this window, as the database last said. */
  known: number;
  /** This process's requests not yet added to the database. */
  unsynced: number;
}

export class RateWindows {
  private readonly windows = new Map<string, Window>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | null = null;
  private lastPruneMs = 0;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.sync().catch(() => undefined), SYNC_MS);
    this.timer.unref();
  }

  /** Counts one request; the requests in its window so far, and the milliseconds left in it. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const nowMs = this.now();
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    let window = this.windows.get(key);
    if (!window || window.startMs !== startMs) {
      window = { startMs, endMs: startMs + windowMs, known: 0, unsynced: 0 };
      this.windows.set(key, window);
    }
    window.unsynced += 1;
    return { current: window.known + window.unsynced, ttl: window.endMs - nowMs };
  }

  /** Adds this process's counts to the database and learns every process's; one at a time. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => (this.syncing = null));
    return this.syncing;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async syncOnce(): Promise<void> {
    const nowMs = this.now();
    for (const [key, window] of this.windows) if (window.endMs <= nowMs) this.windows.delete(key);
    const sent = [...this.windows]
      .filter(([, window]) => window.unsynced > 0)
      .map(([key, window]) => ({ key, window, requests: window.unsynced }));
    if (sent.length > 0) {
      for (const { window, requests } of sent) window.unsynced -= requests;
      let rows: { key: string; start_ms: number; requests: number }[];
      try {
        rows = await this.db.query(
          `INSERT INTO rate_window (key, window_start, requests)
           SELECT k, to_timestamp(s / 1000.0), r
             FROM unnest($1::text[], $2::float8[], $3::int[]) AS u(k, s, r)
           ON CONFLICT (key, window_start)
             DO UPDATE SET requests = rate_window.requests + EXCLUDED.requests
           RETURNING key, extract(epoch FROM window_start) * 1000 AS start_ms, requests`,
          [
            sent.map((row) => row.key),
            sent.map((row) => row.window.startMs),
            sent.map((row) => row.requests),
          ],
        );
      } catch (error) {
        // Counted again at the next sync: a refused statement loses no request.
        for (const { window, requests } of sent) window.unsynced += requests;
        throw error;
      }
      for (const row of rows) {
        const window = this.windows.get(row.key);
        if (window?.startMs === Number(row.start_ms)) window.known = Number(row.requests);
      }
    }
    if (nowMs - this.lastPruneMs >= KEEP_MS / 60) {
      this.lastPruneMs = nowMs;
      await this.db.query(
        'DELETE FROM rate_window WHERE window_start < to_timestamp($1 / 1000.0)',
        [nowMs - KEEP_MS],
      );
    }
  }
}

/** @fastify/rate-limit's store over `windows`; a route with limits of its own counts apart. */
export function rateWindowStore(windows: RateWindows): FastifyRateLimitStoreCtor {
  class RateWindowStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options; they are the route's, read per request.
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs = 60_000,
    ): void {
      callback(null, windows.incr(this.prefix + key, windowMs));
    }

    child(
      options: Parameters<FastifyRateLimitStore['child']>[0] & {
        routeInfo?: { method?: string | string[]; url?: string };
      },
    ): FastifyRateLimitStore {
      const route = options.routeInfo;
      return new RateWindowStore(undefined, `${String(route?.method)} ${route?.url ?? ''}|`);
    }
  }
  return RateWindowStore;
}
