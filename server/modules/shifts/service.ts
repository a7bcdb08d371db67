// An organisation's named shifts: read, saved and deleted, each change followed by a background
// recompute of the days of every machine whose shift it changed (docs/organisation.md).
import type { ShiftBody, ShiftDayBody, ShiftRecord } from '../../../src/domain/api/shifts.ts';
import {
  clockOfMinute,
  minuteOfClock,
  shiftDaysError,
  WEEK_ORDER,
  type ShiftDay,
} from '../../../src/domain/shifts.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { recomputeHistories } from '../../telemetry/engine/recomputeHistory.ts';

interface ShiftRow {
  id: string;
  name: string;
  is_default: boolean;
  days: ShiftDay[];
  updated_at: Date;
  sites: { id: string; name: string }[];
  machine_ids: string[];
}

/**
 * The machines a shift applies to: the default shift every machine of the organisation (those on
 * a site with its own shift are recomputed too: cheap, and never wrong); a site's shift the
 * machines whose home is the site and those ever hired to it.
 */
const MACHINES_OF_SHIFT = `
  SELECT m.id FROM machine m WHERE sh.is_default AND m.organisation_id = sh.organisation_id
  UNION SELECT m.id FROM machine m JOIN site st ON st.id = m.site_id WHERE st.shift_id = sh.id
  UNION SELECT h.machine_id FROM hire h JOIN site st ON st.id = h.site_id WHERE st.shift_id = sh.id`;

const SHIFT_ROWS = `
  SELECT sh.id, sh.name, sh.is_default, sh.days, sh.updated_at,
         coalesce((SELECT json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY lower(st.name))
                     FROM site st WHERE st.shift_id = sh.id), '[]'::json) AS sites,
         array(${MACHINES_OF_SHIFT}) AS machine_ids
    FROM shift sh WHERE sh.organisation_id = $1`;

const dayBody = (day: ShiftDay): ShiftDayBody => ({
  weekday: day.weekday,
  start: clockOfMinute(day.startMinute),
  end: clockOfMinute(day.endMinute),
  breaks: day.breaks.map((pause) => ({
    start: clockOfMinute(pause.startMinute),
    end: clockOfMinute(pause.endMinute),
  })),
});

/** Monday first, as the week reads. */
const weekPlace = (weekday: number) => (WEEK_ORDER as readonly number[]).indexOf(weekday);

function toRecord(row: ShiftRow, rollups: RollupScheduler): ShiftRecord {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    siteIds: row.sites.map((site) => site.id),
    sites: row.sites,
    days: [...row.days].sort((a, b) => weekPlace(a.weekday) - weekPlace(b.weekday)).map(dayBody),
    updatedAt: row.updated_at.toISOString(),
    recomputing: rollups.isRecomputing(row.machine_ids),
  };
}

export async function listShifts(
  db: Queryable,
  rollups: RollupScheduler,
  organisationId: string,
): Promise<ShiftRecord[]> {
  const rows = await db.query<ShiftRow>(
    `${SHIFT_ROWS} ORDER BY sh.is_default DESC, lower(sh.name)`,
    [organisationId],
  );
  return rows.map((row) => toRecord(row, rollups));
}

export async function getShift(
  db: Queryable,
  rollups: RollupScheduler,
  organisationId: string,
  id: string,
): Promise<ShiftRecord> {
  const [row] = await db.query<ShiftRow>(`${SHIFT_ROWS} AND sh.id = $2`, [organisationId, id]);
  if (!row) throw notFound('No such shift');
  return toRecord(row, rollups);
}

/** The body's days in minutes, checked: each error names its field. */
function daysOf(body: ShiftBody): ShiftDay[] {
  const minute = (clock: string) => minuteOfClock(clock) as number; // the schema checked the form
  const days = body.days.map((day) => ({
    weekday: day.weekday,
    startMinute: minute(day.start),
    endMinute: minute(day.end),
    breaks: day.breaks.map((pause) => ({
      startMinute: minute(pause.start),
      endMinute: minute(pause.end),
    })),
  }));
  const error = shiftDaysError(days);
  if (error) throw badRequest(error[0], `${error[0]}: ${error[1]}`);
  return days;
}

const affectedMachines = async (db: Queryable, id: string) =>
  (
    await db.query<{ id: string }>(
      `SELECT u.id FROM shift sh CROSS JOIN LATERAL (${MACHINES_OF_SHIFT}) u WHERE sh.id = $1`,
      [id],
    )
  ).map((row) => row.id);

/**
 * Creates (id null) or changes a shift, its sites and whether it is the default, in one
 * transaction; then recomputes the machines it applied to before and applies to now.
 */
export async function saveShift(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  id: string | null,
  body: ShiftBody,
): Promise<ShiftRecord> {
  if (id) {
    // Another organisation's shift is not found, whatever else is wrong with the body.
    const [mine] = await db.query('SELECT 1 FROM shift WHERE organisation_id = $1 AND id = $2', [
      organisationId,
      id,
    ]);
    if (!mine) throw notFound('No such shift');
  }
  const days = daysOf(body);
  const before = id ? await affectedMachines(db, id) : [];
  const savedId = await db.transaction(async (tx) => {
    const known = await tx.query<{ id: string }>(
      'SELECT id FROM site WHERE organisation_id = $1 AND id = ANY($2::uuid[])',
      [organisationId, body.siteIds],
    );
    if (known.length !== body.siteIds.length)
      throw badRequest('siteIds', 'siteIds: every site must be one of the organisation’s');
    const [clash] = await tx.query(
      `SELECT 1 FROM shift WHERE organisation_id = $1 AND lower(name) = lower($2)
          AND ($3::uuid IS NULL OR id <> $3::uuid)`,
      [organisationId, body.name.trim(), id],
    );
    if (clash) throw conflict('Another shift of the organisation has this name');
    if (body.isDefault) {
      await tx.query(
        `UPDATE shift SET is_default = false
          WHERE organisation_id = $1 AND is_default AND ($2::uuid IS NULL OR id <> $2::uuid)`,
        [organisationId, id],
      );
    }
    const [saved] = id
      ? await tx.query<{ id: string }>(
          `UPDATE shift SET name = $3, is_default = $4, days = $5::jsonb, updated_at = now()
            WHERE organisation_id = $1 AND id = $2 RETURNING id`,
          [organisationId, id, body.name.trim(), body.isDefault, JSON.stringify(days)],
        )
      : await tx.query<{ id: string }>(
          `INSERT INTO shift (organisation_id, name, is_default, days) VALUES ($1, $2, $3, $4::jsonb)
           RETURNING id`,
          [organisationId, body.name.trim(), body.isDefault, JSON.stringify(days)],
        );
    if (!saved) throw notFound('No such shift');
    await tx.query(
      `UPDATE site SET shift_id = CASE WHEN id = ANY($3::uuid[]) THEN $2::uuid ELSE NULL END
        WHERE organisation_id = $1 AND (shift_id = $2::uuid OR id = ANY($3::uuid[]))`,
      [organisationId, saved.id, body.siteIds],
    );
    return saved.id;
  });
  const after = await affectedMachines(db, savedId);
  await recomputeHistories(db, rollups, [...new Set([...before, ...after])]);
  return getShift(db, rollups, organisationId, savedId);
}

/** Its sites fall back to the default shift; the machines it applied to are recomputed. */
export async function deleteShift(
  db: Database,
  rollups: RollupScheduler,
  organisationId: string,
  id: string,
): Promise<void> {
  const before = await affectedMachines(db, id);
  const [deleted] = await db.query(
    'DELETE FROM shift WHERE organisation_id = $1 AND id = $2 RETURNING id',
    [organisationId, id],
  );
  if (!deleted) throw notFound('No such shift');
  await recomputeHistories(db, rollups, before);
}
