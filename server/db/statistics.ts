// PGlite has no autovacuum, so nothing refreshes the planner's statistics: with none, it takes
// 10,000 machines for three and joins them in nested loops (the machine list took 13 s instead
// of under 1 s, docs/performance.md). The server analyses at start and then every hour.
// PostgreSQL's autovacuum does this itself.
import type { Database } from './database.ts';

const EVERY_MS = 3_600_000;

export function keepStatistics(
  db: Database,
  log: { error(o: object, m: string): void },
): { analyse(): Promise<void>; stop(): void } {
  let running: Promise<void> = Promise.resolve();
  const analyse = () => {
    running = running
      .then(() => db.exec('ANALYZE'))
      .catch((error: unknown) => log.error({ err: error }, 'ANALYZE failed'));
    return running;
  };
  if (db.kind !== 'pglite') return { analyse: async () => undefined, stop: () => undefined };
  const timer = setInterval(() => void analyse(), EVERY_MS);
  timer.unref();
  return { analyse, stop: () => clearInterval(timer) };
}
