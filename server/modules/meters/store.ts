// The meters' SQL: readings, each source's latest, the leading source and the engine's own count of
// hours between two moments.
import {
  type EffectiveMeterLead,
  type MeterLead,
  type MeterReading,
  type MeterReadingKind,
  type MeterSource,
} from '../../../src/domain/api/meters.ts';
import type { Queryable } from '../../db/database.ts';
import type { PreviousReading } from './rules.ts';

export interface ReadingRow {
  id: string;
  source: MeterSource;
  kind: MeterReadingKind;
  read_at: Date;
  value_h: number;
  offset_h: number;
  lifetime_h: number;
  starting_value_h: number | null;
  out_of_order: boolean;
  document_id: string | null;
  user_name: string | null;
  created_at: Date;
}

const READING_SELECT = `
  SELECT r.id, r.source, r.kind, r.read_at, r.value_h, r.offset_h, r.lifetime_h, r.starting_value_h,
         r.out_of_order, r.document_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS user_name,
         r.created_at
    FROM meter_reading r LEFT JOIN app_user u ON u.id = r.user_id`;

export const toReading = (row: ReadingRow): MeterReading => ({
  id: row.id,
  source: row.source,
  kind: row.kind,
  readAt: row.read_at.toISOString(),
  valueH: row.value_h,
  lifetimeH: row.lifetime_h,
  startingValueH: row.starting_value_h,
  outOfOrder: row.out_of_order,
  fileId: row.document_id,
  userName: row.user_name,
  createdAt: row.created_at.toISOString(),
});

/** A machine's readings, newest first. */
export const recentReadings = (db: Queryable, machineId: string, limit: number) =>
  db.query<ReadingRow>(
    `${READING_SELECT} WHERE r.machine_id = $1 ORDER BY r.read_at DESC, r.created_at DESC LIMIT $2`,
    [machineId, limit],
  );

export async function readingById(db: Queryable, id: string): Promise<MeterReading> {
  const [row] = await db.query<ReadingRow>(`${READING_SELECT} WHERE r.id = $1`, [id]);
  if (!row) throw new Error('The stored reading is missing');
  return toReading(row);
}

/** The readings of the sources since a moment, oldest first: the drift's window. */
export const readingsSince = (db: Queryable, machineId: string, since: Date) =>
  db.query<ReadingRow>(
    `${READING_SELECT} WHERE r.machine_id = $1 AND r.read_at >= $2 AND NOT r.out_of_order
      ORDER BY r.source, r.read_at, r.created_at`,
    [machineId, since],
  );

/** The last reading of a source at or before a moment (in order: an out-of-order one counts for nothing). */
export async function readingBefore(
  db: Queryable,
  machineId: string,
  source: MeterSource,
  at: Date,
): Promise<PreviousReading | undefined> {
  const [row] = await db.query<{
    value_h: number;
    offset_h: number;
    lifetime_h: number;
    read_at: Date;
  }>(
    `SELECT value_h, offset_h, lifetime_h, read_at FROM meter_reading
      WHERE machine_id = $1 AND source = $2 AND read_at <= $3 AND NOT out_of_order
      ORDER BY read_at DESC, created_at DESC LIMIT 1`,
    [machineId, source, at],
  );
  return (
    row && {
      valueH: row.value_h,
      offsetH: row.offset_h,
      lifetimeH: row.lifetime_h,
      readAt: row.read_at,
    }
  );
}

/** Whether a source has a reading after a moment: a reading before it is out of order. */
export async function hasLaterReading(
  db: Queryable,
  machineId: string,
  source: MeterSource,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM meter_reading WHERE machine_id = $1 AND source = $2 AND read_at > $3 LIMIT 1',
    [machineId, source, at],
  );
  return rows.length > 0;
}

/** Each source's latest in-order reading. */
export const latestBySource = (db: Queryable, machineId: string) =>
  db.query<ReadingRow>(
    `SELECT DISTINCT ON (r.source) r.id, r.source, r.kind, r.read_at, r.value_h, r.offset_h,
            r.lifetime_h, r.starting_value_h, r.out_of_order, r.document_id, NULL AS user_name, r.created_at
       FROM meter_reading r
      WHERE r.machine_id = $1 AND NOT r.out_of_order
      ORDER BY r.source, r.read_at DESC, r.created_at DESC`,
    [machineId],
  );

export async function chosenLead(db: Queryable, machineId: string): Promise<MeterLead> {
  const [row] = await db.query<{ meter_lead: EffectiveMeterLead | null }>(
    'SELECT meter_lead FROM machine WHERE id = $1',
    [machineId],
  );
  return row?.meter_lead ?? 'automatic';
}

/** Automatic: the OEM's count where there is one, then the tracker's, then computed. */
export function effectiveLead(
  lead: MeterLead,
  sources: readonly MeterSource[],
): EffectiveMeterLead {
  if (lead !== 'automatic') return lead;
  if (sources.includes('oem')) return 'oem';
  if (sources.includes('tracker')) return 'tracker';
  return 'computed';
}

/** The source whose readings anchor the meter under a lead: computed starts from a person's. */
export const anchorSource = (lead: EffectiveMeterLead): MeterSource =>
  lead === 'computed' ? 'manual' : lead;

/**
 * The engine's active and idle hours from `from` to `to` (negative when `to` is earlier). Segments
 * longer than a week are not active or idle ones, so the scan starts a week before.
 */
export async function engineHoursBetween(
  db: Queryable,
  machineId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const [start, end, sign] = from <= to ? [from, to, 1] : [to, from, -1];
  const [row] = await db.query<{ h: number }>(
    `SELECT coalesce(sum(extract(epoch FROM least(to_at, $3) - greatest(from_at, $2))), 0)::float8 / 3600 AS h
       FROM activity_segment
      WHERE machine_id = $1 AND state IN ('active', 'idle')
        AND from_at >= $2::timestamptz - interval '7 days' AND from_at < $3 AND to_at > $2`,
    [machineId, start, end],
  );
  return sign * (row?.h ?? 0);
}
