// PGlite has no autovacuum, so nothing refreshes the planner's statistics: with none, it takes
// 10,000 machines for three and joins them in nested loops (the machine list took 13 s instead
// of under 1 s, docs/performance.md). The server analyses at start and then every hour.
// Nor does anything reclaim the room of deleted rows, and the engine rewrites a machine's
// segments, rollups and heat cells at every recompute: without a vacuum those tables grew twenty
// times over 30 recomputes of the same day. The hourly run vacuums too, so the room is used again.
// PostgreSQL's autovacuum does both itself.
import type { Database } from './database.ts';

const EVERY_MS = 3_600_000;

export function keepStatistics(
  db: Database,
  log: { error(o: object, m: string): void },
): { analyse(): Promise<void>; stop(): void } {
  let running: Promise<void> = Promise.resolve();
  const run = (sql: string) => {
    running = running
      .then(() => db.exec(sql))
      .catch((error: unknown) => log.error({ err: error }, `${sql} failed`));
    return running;
  };
  if (db.kind !== 'pglite') return { analyse: async () => undefined, stop: () => undefined };
  const timer = setInterval(() => void run('VACUUM (ANALYZE)'), EVERY_MS);
  timer.unref();
  return { analyse: () => run('ANALYZE'), stop: () => clearInterval(timer) };
}
