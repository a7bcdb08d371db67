// The time after a machine's last record. The engine stops a machine's segments one reporting
// interval after its last record (docs/activity.md); from there to now, or to the range's end,
// nothing is known, and that is "no data" exactly like a gap between records: in the list's and
// the dashboard's missing figures and in the details timeline.
import type { Queryable } from '../../db/database.ts';
import { SUM_COLUMNS, type RollupSums } from './rollupCache.ts';

const MISSING = SUM_COLUMNS.indexOf('missing_s');

export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

/** Where each machine's segments end (its last segment's end), for the machines that have any. */
export async function activityEnds(
  db: Queryable,
  machineIds: string[],
): Promise<Map<string, number>> {
  if (machineIds.length === 0) return new Map();
  // One packed text: PGlite is slow to hand over many rows.
  const [row] = await db.query<{ packed: string | null }>(
    `SELECT string_agg(ids.id::text || '|' || (extract(epoch FROM last.to_at) * 1000)::bigint, ',') AS packed
       FROM unnest($1::uuid[]) ids(id)
       CROSS JOIN LATERAL (
         SELECT a.to_at FROM activity_segment a WHERE a.machine_id = ids.id
          ORDER BY a.from_at DESC LIMIT 1) last`,
    [machineIds],
  );
  const ends = new Map<string, number>();
  for (const entry of row?.packed?.split(',') ?? []) {
    const [id = '', ms = ''] = entry.split('|');
    ends.set(id, Number(ms));
  }
  return ends;
}

/** Seconds after `endMs` within [fromMs, toMs) and within any of `windows` (disjoint). */
export function silentSeconds(
  endMs: number,
  fromMs: number,
  toMs: number,
  windows: readonly TimeWindow[],
): number {
  let ms = 0;
  for (const window of windows) {
    const from = Math.max(endMs, fromMs, window.fromMs);
    const to = Math.min(toMs, window.toMs);
    if (to > from) ms += to - from;
  }
  return ms / 1000;
}

/** `total` with `seconds` more missing; a machine silent for the whole range is measured too. */
export function withMissing(total: RollupSums, seconds: number): RollupSums {
  const sums = total.sums.slice();
  sums[MISSING] = (sums[MISSING] ?? 0) + seconds;
  return { ...total, sums, days: Math.max(total.days, 1) };
}
