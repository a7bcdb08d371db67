// Works through recompute_backlog (days computed before a new kind of engine output existed) a
// month of a few machines at a time, so that the server answers while it catches up.
import { addDays } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import type { RecomputeJob } from './recompute.ts';

const BATCH_MACHINES = 20;
const CHUNK_DAYS = 31;

/** Recomputes the whole backlog; returns the machine-months recomputed. */
export async function drainRecomputeBacklog(
  db: Database,
  /** The scheduler's recompute, which announces what it committed. */
  recompute: (jobs: RecomputeJob[]) => Promise<void>,
): Promise<number> {
  let chunks = 0;
  for (;;) {
    const rows = await db.query<{ machine_id: string; from_day: string; to_day: string }>(
      `SELECT machine_id, from_day::text, to_day::text FROM recompute_backlog
        ORDER BY machine_id LIMIT ${BATCH_MACHINES}`,
    );
    if (rows.length === 0) return chunks;
    const jobs = rows.map((row) => {
      const chunkEnd = addDays(row.from_day, CHUNK_DAYS - 1);
      return {
        machineId: row.machine_id,
        fromDay: row.from_day,
        toDay: chunkEnd < row.to_day ? chunkEnd : row.to_day,
        rest: chunkEnd < row.to_day ? addDays(chunkEnd, 1) : null,
      };
    });
    await recompute(jobs);
    chunks += jobs.length;
    await db.query(`DELETE FROM recompute_backlog WHERE machine_id = ANY($1::uuid[])`, [
      jobs.filter((job) => job.rest === null).map((job) => job.machineId),
    ]);
    const more = jobs.filter((job) => job.rest !== null);
    if (more.length > 0) {
      await db.query(
        `UPDATE recompute_backlog b SET from_day = m.from_day
           FROM unnest($1::uuid[], $2::date[]) AS m(machine_id, from_day) WHERE b.machine_id = m.machine_id`,
        [more.map((job) => job.machineId), more.map((job) => job.rest)],
      );
    }
  }
}
