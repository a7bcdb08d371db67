// Drift (issue 41): a source whose count over the last 30 days disagrees with the engine's own count
// of active and idle hours over the same readings' window by more than the organisation's threshold
// (the larger of its hours and its percentage of the hours counted; 2 h and 2 % unless it set others).
import {
  METER_DRIFT_WINDOW_DAYS,
  type MeterDrift,
  type MeterSource,
} from '../../../src/domain/api/meters.ts';
import type { Queryable } from '../../db/database.ts';
import { rentalSettings } from '../../tenancy/organisation.ts';
import { engineHoursBetween, readingsSince, type ReadingRow } from './store.ts';

const DAY_MS = 86_400_000;
/** Readings closer together than this say too little to compare. */
const MIN_WINDOW_MS = 3_600_000;

/** The largest disagreement of any source over the window, null when no source has two readings. */
export async function meterDrift(
  db: Queryable,
  organisationId: string,
  machineId: string,
  nowMs: number,
): Promise<MeterDrift | null> {
  const since = new Date(nowMs - METER_DRIFT_WINDOW_DAYS * DAY_MS);
  const bySource = new Map<MeterSource, ReadingRow[]>();
  for (const row of await readingsSince(db, machineId, since)) {
    // A correction restarts a source's count: compare only what follows the last one.
    const list = row.kind === 'correction' ? [] : (bySource.get(row.source) ?? []);
    bySource.set(row.source, [...list, row]);
  }
  const { driftHours, driftPercent } = await rentalSettings(db, organisationId);
  let worst: MeterDrift | null = null;
  for (const [source, readings] of bySource) {
    const first = readings[0];
    const last = readings.at(-1);
    if (!first || !last || last.read_at.getTime() - first.read_at.getTime() < MIN_WINDOW_MS) {
      continue;
    }
    const countedH = await engineHoursBetween(db, machineId, first.read_at, last.read_at);
    const hours = Math.abs(last.lifetime_h - first.lifetime_h - countedH);
    const thresholdH = Math.max(driftHours, (driftPercent / 100) * countedH);
    if (!worst || hours > worst.hours) {
      worst = { hours, source, countedH, thresholdH, flagged: hours > thresholdH };
    }
  }
  return worst;
}

/** Keeps the machine's drift for the list's filter and the staff's list. */
export async function storeDrift(
  db: Queryable,
  machineId: string,
  drift: MeterDrift | null,
): Promise<void> {
  await db.query(
    `UPDATE machine SET meter_drift_h = $2, meter_drifting = $3, meter_drift_at = now()
      WHERE id = $1`,
    [machineId, drift?.hours ?? null, drift?.flagged ?? false],
  );
}

/** Weighs a machine's drift now and keeps it. */
export async function weighDrift(db: Queryable, machineId: string, nowMs: number): Promise<void> {
  const [owner] = await db.query<{ organisation_id: string }>(
    'SELECT organisation_id FROM machine WHERE id = $1',
    [machineId],
  );
  if (owner) {
    await storeDrift(db, machineId, await meterDrift(db, owner.organisation_id, machineId, nowMs));
  }
}

/**
 * Machines whose drift is due to be weighed again (the window has moved on since): with readings in
 * the window, or flagged from before, and not weighed for six hours.
 */
export async function driftDue(db: Queryable, nowMs: number, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT m.id FROM machine m
      WHERE (m.meter_drift_at IS NULL OR m.meter_drift_at < $1::timestamptz - interval '6 hours')
        AND (m.meter_drifting OR EXISTS (
              SELECT 1 FROM meter_reading r WHERE r.machine_id = m.id
                 AND r.read_at >= $1::timestamptz - interval '${METER_DRIFT_WINDOW_DAYS} days'))
      LIMIT ${limit}`,
    [new Date(nowMs)],
  );
  return rows.map((row) => row.id);
}

/** The organisation's threshold changed: its machines' drift is weighed again on the worker's next pass. */
export async function driftThresholdChanged(db: Queryable, organisationId: string): Promise<void> {
  await db.query(
    'UPDATE machine SET meter_drift_at = NULL WHERE organisation_id = $1 AND meter_drift_at IS NOT NULL',
    [organisationId],
  );
}
