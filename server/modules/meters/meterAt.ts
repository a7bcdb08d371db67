// The meter at given moments, many at once (the over-use figures of a month of hires): the leading
// source's reading at or before each moment plus the engine's own active and idle hours from it to
// the moment (before the first reading, the first reading less the hours up to it). Two moments'
// difference is therefore the meter's own difference: the engine's hours between them, plus what
// each reading in between corrected. A machine without readings counts from `originAt`.
import type { EffectiveMeterLead, MeterSource } from '../../../src/domain/api/meters.ts';
import type { Queryable } from '../../db/database.ts';
import { anchorSource, effectiveLead } from './store.ts';

export interface MeterMoment {
  machineId: string;
  at: Date;
  /** The owner's time zone: the day rollups' days. */
  timezone: string;
  /** Where a machine without readings counts from (the hire's start). */
  originAt: Date;
}

/** Engine seconds between lo and hi (lo <= hi): the days between from the rollups, the edges from segments. */
const ENGINE_S = (lo: string, hi: string) => `(
  SELECT coalesce((SELECT sum(d.active_s + d.idle_s) FROM machine_day_rollup d
                    WHERE d.machine_id = p.machine_id
                      AND d.day > (${lo} AT TIME ZONE p.tz)::date AND d.day < (${hi} AT TIME ZONE p.tz)::date), 0)
       + coalesce((SELECT sum(extract(epoch FROM least(s.to_at, e.to_at) - greatest(s.from_at, e.from_at)))
                     FROM (SELECT ${lo} AS from_at,
                                  least(${hi}, (((${lo} AT TIME ZONE p.tz)::date + 1)::timestamp AT TIME ZONE p.tz)) AS to_at
                           UNION ALL
                           SELECT greatest(${lo}, ((${hi} AT TIME ZONE p.tz)::date::timestamp AT TIME ZONE p.tz)), ${hi}
                            WHERE (${hi} AT TIME ZONE p.tz)::date > (${lo} AT TIME ZONE p.tz)::date) e
                     JOIN activity_segment s ON s.machine_id = p.machine_id AND s.state IN ('active', 'idle')
                      AND s.from_at < e.to_at AND s.to_at > e.from_at AND s.from_at >= e.from_at - interval '2 days'
                    WHERE e.to_at > e.from_at), 0))`;

/**
 * The meter at each moment, in hours (lifetime hours, or hours since originAt without readings),
 * and each machine's leading source.
 */
export async function metersAt(
  db: Queryable,
  moments: readonly MeterMoment[],
): Promise<{ hours: number[]; leads: Map<string, EffectiveMeterLead> }> {
  const machineIds = [...new Set(moments.map((m) => m.machineId))];
  if (machineIds.length === 0) return { hours: [], leads: new Map() };
  const leads = await leadsOf(db, machineIds);
  const sources = new Map([...leads].map(([id, lead]) => [id, anchorSource(lead)]));
  const rows = await db.query<{ i: string; lifetime_h: number | null; engine_s: number }>(
    `WITH p AS (
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::timestamptz[])
                WITH ORDINALITY AS p(machine_id, at, tz, source, origin_at, i))
     SELECT p.i, coalesce(b.lifetime_h, a.lifetime_h) AS lifetime_h,
            CASE WHEN b.read_at IS NOT NULL THEN ${ENGINE_S('b.read_at', 'p.at')}
                 WHEN a.read_at IS NOT NULL THEN -${ENGINE_S('p.at', 'a.read_at')}
                 ELSE ${ENGINE_S('p.origin_at', 'p.at')} END AS engine_s
       FROM p
       LEFT JOIN LATERAL (
         SELECT read_at, lifetime_h FROM meter_reading
          WHERE machine_id = p.machine_id AND source = p.source AND read_at <= p.at AND NOT out_of_order
          ORDER BY read_at DESC, created_at DESC LIMIT 1) b ON true
       -- Only before a source's first reading: the first reading after.
       LEFT JOIN LATERAL (
         SELECT read_at, lifetime_h FROM meter_reading
          WHERE b.read_at IS NULL AND machine_id = p.machine_id AND source = p.source AND read_at > p.at
            AND NOT out_of_order
          ORDER BY read_at, created_at LIMIT 1) a ON true`,
    [
      moments.map((m) => m.machineId),
      moments.map((m) => m.at),
      moments.map((m) => m.timezone),
      moments.map((m) => sources.get(m.machineId) ?? 'manual'),
      moments.map((m) => m.originAt),
    ],
  );
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
  const hours = moments.map((_, index) => {
    const row = byIndex.get(index + 1);
    return (row?.lifetime_h ?? 0) + (row?.engine_s ?? 0) / 3600;
  });
  return { hours, leads };
}

/** Each machine's leading source. */
async function leadsOf(
  db: Queryable,
  machineIds: string[],
): Promise<Map<string, EffectiveMeterLead>> {
  const rows = await db.query<{
    id: string;
    meter_lead: 'oem' | 'tracker' | 'computed' | null;
    sources: MeterSource[] | null;
  }>(
    `SELECT m.id, m.meter_lead,
            ARRAY(SELECT s FROM unnest(ARRAY['oem', 'tracker', 'manual']) s
                   WHERE EXISTS (SELECT 1 FROM meter_reading r WHERE r.machine_id = m.id AND r.source = s)) AS sources
       FROM machine m WHERE m.id = ANY($1::uuid[])`,
    [machineIds],
  );
  return new Map(
    rows.map((row) => [row.id, effectiveLead(row.meter_lead ?? 'automatic', row.sources ?? [])]),
  );
}
