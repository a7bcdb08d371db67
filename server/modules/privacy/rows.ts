// What every removal of the privacy module shares: the rows a statement changed, counted, and the
// clearing of positions a batch at a time (retention's and an erasure's alike).
import type { Queryable, SqlParam } from '../../db/database.ts';

/** Rows changed by one statement of a batched removal. */
export const BATCH = 5_000;

/** Runs `sql` (a DELETE or UPDATE without RETURNING) and counts the rows it changed. */
export async function countedRows(db: Queryable, sql: string, params: SqlParam[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    params,
  );
  return row?.n ?? 0;
}

/** Repeats a batch until one changes fewer than BATCH rows; returns the rows changed in all. */
export async function inBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const changed = await run();
    total += changed;
    if (changed < BATCH) return total;
  }
}

/**
 * Clears latitude, longitude, altitude and heading of the records of `sources` (a query of source
 * ids naming $1) from `from` (null: the first) to before `before`.
 */
export const clearPositions = (
  db: Queryable,
  sources: string,
  owner: string | null,
  from: Date | null,
  before: Date,
) =>
  inBatches(() =>
    countedRows(
      db,
      `UPDATE telemetry_record t
          SET latitude = NULL, longitude = NULL, altitude_m = NULL, heading_deg = NULL,
              position_invalid_reason = 'removed'
         FROM (SELECT source_id, device_time FROM telemetry_record
                WHERE source_id IN (${sources})
                  AND device_time >= coalesce($3::timestamptz, '-infinity') AND device_time < $2
                  AND latitude IS NOT NULL
                LIMIT ${BATCH}) d
        WHERE t.source_id = d.source_id AND t.device_time = d.device_time`,
      [owner, before, from],
    ),
  );
