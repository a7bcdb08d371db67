// PGlite's upkeep (server/db/statistics.ts): with no autovacuum, the hourly run must give the room
// of rewritten rows back, or tables the engine rewrites at every recompute grow without end.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { keepStatistics } from '../../server/db/statistics.ts';
import { openMigratedPglite } from '../support/pgliteTemplate.ts';

const ROWS = 2_000;

describe('PGlite upkeep', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openMigratedPglite();
    await db.exec(`CREATE TABLE rewritten (id int PRIMARY KEY, figures text)`);
  });
  afterAll(() => db.close());

  /** Deletes and inserts every row again, as a recompute does with its machines' rollups. */
  const rewrite = () =>
    db.transaction(async (tx) => {
      await tx.exec('DELETE FROM rewritten');
      await tx.query(
        `INSERT INTO rewritten SELECT n, repeat('x', 100) FROM generate_series(1, $1) n`,
        [ROWS],
      );
    });
  const sizeBytes = async () =>
    (
      await db.query<{ bytes: number }>(`SELECT pg_total_relation_size('rewritten')::int AS bytes`)
    )[0]?.bytes ?? 0;

  it('vacuums every hour, and the rewritten rows take no more room after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const errors: object[] = [];
    const upkeep = keepStatistics(db, { error: (o) => errors.push(o) });
    try {
      for (let i = 0; i < 11; i++) await rewrite();
      const grown = await sizeBytes();
      vi.advanceTimersByTime(3_600_000);
      await upkeep.analyse(); // queued after the hourly run: resolves once that has finished
      for (let i = 0; i < 10; i++) await rewrite();
      // Without a vacuum ten more rewrites would take as much room again (ANALYZE alone frees
      // none); after it they reuse the room of the ten before (a page or two of maps aside).
      expect(await sizeBytes()).toBeLessThan(grown * 1.1);
      expect(errors).toEqual([]);
    } finally {
      upkeep.stop();
      vi.useRealTimers();
    }
  });
});
