// Whole histories queued for a background recompute, after a change to how data is read or
// counted: a machine's calibration or fuel settings, a shift, the organisation's time zone.
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import type { RollupScheduler } from './scheduler.ts';

/**
 * Every day each machine has rollups for, from its first to today in its organisation's zone.
 * `dayBefore` starts a day earlier: after a change of time zone the old first day's start may
 * fall after the new one's, and its first hours must be recomputed too.
 */
export async function recomputeHistories(
  db: Queryable,
  rollups: RollupScheduler,
  machineIds: string[],
  options: { dayBefore?: boolean } = {},
): Promise<void> {
  if (machineIds.length === 0) return;
  const spans = await db.query<{ machine_id: string; first_day: string; timezone: string }>(
    `SELECT d.machine_id, to_char(min(d.day) - $2::int, 'YYYY-MM-DD') AS first_day, o.timezone
       FROM machine_day_rollup d JOIN machine m ON m.id = d.machine_id
       JOIN organisation o ON o.id = m.organisation_id
      WHERE d.machine_id = ANY($1::uuid[]) GROUP BY d.machine_id, o.timezone`,
    [machineIds, options.dayBefore ? 1 : 0],
  );
  for (const span of spans) {
    // Today in the zone, and tomorrow when moving west of it may have left a later day behind.
    const today = zonedDate(new Date(), span.timezone);
    rollups.schedule(span.machine_id, span.first_day, options.dayBefore ? nextDate(today) : today);
  }
}

export const recomputeHistory = (db: Queryable, rollups: RollupScheduler, machineId: string) =>
  recomputeHistories(db, rollups, [machineId]);
