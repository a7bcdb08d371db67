// The SQL of retention (docs/privacy.md): each organisation's periods, and the removals the nightly
// run makes, each a batch at a time so that no statement holds a large table for long. A device's
// records belong to the organisation owning the machine it is on now, as the engine reads them;
// records of a device on no machine follow the deployment's defaults (holder null).
import type { RetentionPeriods } from '../../../src/domain/api/privacy.ts';
import type { Queryable } from '../../db/database.ts';
import { BATCH, clearPositions, countedRows, inBatches } from './rows.ts';

/** Whose data a removal covers: an organisation, or (null) what belongs to none. */
export type Holder = string | null;

export async function retentionPeriods(
  db: Queryable,
  organisationId: string,
): Promise<RetentionPeriods | undefined> {
  const [row] = await db.query<{
    records: number | null;
    positions: number | null;
    audit: number | null;
    rollups: number | null;
  }>(
    `SELECT records_retention_days AS records, positions_retention_days AS positions,
            audit_retention_days AS audit, rollups_retention_days AS rollups
       FROM organisation WHERE id = $1`,
    [organisationId],
  );
  return (
    row && {
      recordsDays: row.records,
      positionsDays: row.positions,
      auditDays: row.audit,
      rollupsDays: row.rollups,
    }
  );
}

export async function setRetentionPeriods(
  db: Queryable,
  organisationId: string,
  periods: RetentionPeriods,
): Promise<void> {
  await db.query(
    `UPDATE organisation SET records_retention_days = $2, positions_retention_days = $3,
            audit_retention_days = $4, rollups_retention_days = $5
      WHERE id = $1`,
    [
      organisationId,
      periods.recordsDays,
      periods.positionsDays,
      periods.auditDays,
      periods.rollupsDays,
    ],
  );
}

/** Every organisation's own periods and time zone (its days end at its midnight). */
export async function everyOrganisationsPeriods(
  db: Queryable,
): Promise<(RetentionPeriods & { id: string; timezone: string })[]> {
  return db.query(
    `SELECT id, timezone, records_retention_days AS "recordsDays",
            positions_retention_days AS "positionsDays", audit_retention_days AS "auditDays",
            rollups_retention_days AS "rollupsDays"
       FROM organisation ORDER BY id`,
  );
}

/** The sources whose records are the holder's ($1): on its machines, or on none. */
const holderSources = (holder: Holder) =>
  holder === null
    ? `SELECT id FROM source WHERE machine_id IS NULL AND $1::uuid IS NULL`
    : `SELECT s.id FROM source s JOIN machine m ON m.id = s.machine_id
        WHERE m.organisation_id = $1::uuid`;

/** Deletes the holder's raw records from before `before`. */
export const removeRecords = (db: Queryable, holder: Holder, before: Date) =>
  inBatches(() =>
    countedRows(
      db,
      `DELETE FROM telemetry_record t USING (
         SELECT source_id, device_time FROM telemetry_record
          WHERE source_id IN (${holderSources(holder)}) AND device_time < $2 LIMIT ${BATCH}) d
        WHERE t.source_id = d.source_id AND t.device_time = d.device_time`,
      [holder, before],
    ),
  );

/**
 * Clears the positions of the holder's records from `since` (the last run's cut, so that records
 * already cleared are not read again each night) to before `before`.
 */
export const removePositions = (db: Queryable, holder: Holder, since: Date | null, before: Date) =>
  clearPositions(db, holderSources(holder), holder, since, before);

/** The machines' heat cells of the organisation's days (or weeks) ended before `before`. */
export async function removeHeatCells(
  db: Queryable,
  organisationId: string,
  before: Date,
): Promise<number> {
  const params = [organisationId, before];
  const cut = `($2::timestamptz AT TIME ZONE (SELECT timezone FROM organisation WHERE id = $1))::date`;
  const machines = 'SELECT id FROM machine WHERE organisation_id = $1';
  return (
    (await countedRows(
      db,
      `DELETE FROM machine_day_heat WHERE machine_id IN (${machines}) AND day < ${cut}`,
      params,
    )) +
    (await countedRows(
      db,
      `DELETE FROM machine_week_heat WHERE machine_id IN (${machines}) AND week + 7 <= ${cut}`,
      params,
    ))
  );
}

/** The holder's audit entries from before `before`. */
export const removeAuditEntries = (db: Queryable, holder: Holder, before: Date) =>
  inBatches(() =>
    countedRows(
      db,
      `DELETE FROM audit_event WHERE id IN (
         SELECT id FROM audit_event
          WHERE organisation_id IS NOT DISTINCT FROM $1::uuid AND at < $2 LIMIT ${BATCH})`,
      [holder, before],
    ),
  );

/**
 * The organisation's machines' daily, monthly and hire-day figures and activity segments of days
 * (months) ended before `before`; returns the count and the machines whose figures changed.
 */
export async function removeRollups(
  db: Queryable,
  organisationId: string,
  before: Date,
): Promise<{ removed: number; machineIds: string[] }> {
  const params = [organisationId, before];
  const cut = `($2::timestamptz AT TIME ZONE (SELECT timezone FROM organisation WHERE id = $1))::date`;
  const machines = 'SELECT id FROM machine WHERE organisation_id = $1';
  const touched = await db.query<{ machine_id: string }>(
    `SELECT DISTINCT machine_id FROM machine_day_rollup
      WHERE machine_id IN (${machines}) AND day < ${cut}`,
    params,
  );
  const statements = [
    `DELETE FROM machine_day_rollup WHERE machine_id IN (${machines}) AND day < ${cut}`,
    `DELETE FROM machine_hire_day_rollup WHERE machine_id IN (${machines}) AND day < ${cut}`,
    `DELETE FROM machine_month_rollup
      WHERE machine_id IN (${machines}) AND (month + interval '1 month')::date <= ${cut}`,
    `DELETE FROM activity_segment WHERE machine_id IN (${machines}) AND to_at <= $2`,
  ];
  let removed = 0;
  for (const sql of statements) removed += await countedRows(db, sql, params);
  return { removed, machineIds: touched.map((row) => row.machine_id) };
}

/** Where the organisation's last clearing of positions stopped, and moving it on. */
export async function positionsMark(db: Queryable, organisationId: string): Promise<Date | null> {
  const [row] = await db.query<{ mark: Date | null }>(
    'SELECT positions_removed_before AS mark FROM organisation WHERE id = $1',
    [organisationId],
  );
  return row?.mark ?? null;
}

export async function setPositionsMark(db: Queryable, organisationId: string, mark: Date) {
  await db.query(
    `UPDATE organisation SET positions_removed_before = greatest(positions_removed_before, $2)
      WHERE id = $1`,
    [organisationId, mark],
  );
}

/** Claims the UTC day's run: true for the one process that may run it. */
export async function claimRun(db: Queryable, day: string): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO retention_run (day) VALUES ($1) ON CONFLICT DO NOTHING RETURNING day',
    [day],
  );
  return rows.length > 0;
}

export async function finishRun(db: Queryable, day: string): Promise<void> {
  await db.query('UPDATE retention_run SET finished_at = now() WHERE day = $1', [day]);
}
