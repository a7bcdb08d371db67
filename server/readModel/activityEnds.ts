// Where machines' activity ends: silence after it counts as missing time (silence.ts).
import type { Queryable } from '../db/database.ts';

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
