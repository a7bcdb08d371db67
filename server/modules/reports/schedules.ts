// Scheduled reports: what to make (a report request without its days), when (frequency,
// weekdays, hour, extra minutes, time zone) and for whom (members and outside addresses). The next
// slot is kept on the row, so the scheduler finds due reports with one indexed query.
import type {
  ReportRun,
  ReportSchedule,
  ReportScheduleBody,
} from '../../../src/domain/api/reports.ts';
import type { ShiftDay, ShiftRule } from '../../../src/domain/shifts.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { defaultShiftRule } from '../../telemetry/engine/rules.ts';
import { sitesOfOrganisationAndHires } from '../sites/index.ts';
import { nextSlot, type SlotRule } from './slots.ts';

export interface ScheduleRow {
  id: string;
  organisation_id: string;
  created_by: string | null;
  name: string;
  report_type: ReportSchedule['type'];
  format: ReportSchedule['format'];
  frequency: ReportSchedule['frequency'];
  date_range: ReportSchedule['dateRange'];
  weekdays: number[];
  hour: number;
  extra_minutes: number;
  timezone: string;
  filter: string | null;
  site_id: string | null;
  recipient_user_ids: string[];
  recipient_emails: string[];
  paused: boolean;
  next_run_at: Date | null;
}

interface RunRow {
  id: string;
  schedule_id: string;
  slot_at: Date;
  trigger: 'slot' | 'now';
  status: ReportRun['status'];
  attempts: number;
  recipients: string[];
  report_file_id: string | null;
  size_bytes: number | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

export const slotRuleOf = (row: ScheduleRow): SlotRule => ({
  frequency: row.frequency,
  weekdays: row.weekdays,
  hour: row.hour,
  extraMinutes: row.extra_minutes,
  timezone: row.timezone,
});

/** The shift a report after each shift follows: its site's, else the organisation's default. */
export async function shiftOfSchedule(db: Queryable, row: ScheduleRow): Promise<ShiftRule> {
  const [shift] = await db.query<{ days: ShiftDay[]; timezone: string }>(
    `SELECT sh.days, coalesce(st.timezone, o.timezone) AS timezone
       FROM organisation o
       LEFT JOIN site st ON st.id = $2
       LEFT JOIN shift sh ON sh.id = coalesce(st.shift_id,
              (SELECT d.id FROM shift d WHERE d.organisation_id = o.id AND d.is_default))
      WHERE o.id = $1`,
    [row.organisation_id, row.site_id],
  );
  return shift?.days
    ? { days: shift.days, timeZone: shift.timezone }
    : defaultShiftRule(shift?.timezone ?? row.timezone);
}

export async function nextSlotOf(db: Queryable, row: ScheduleRow, after: Date) {
  return nextSlot(slotRuleOf(row), after, await shiftOfSchedule(db, row));
}

const toRun = (row: RunRow): ReportRun => ({
  id: row.id,
  scheduleId: row.schedule_id,
  slotAt: row.slot_at.toISOString(),
  trigger: row.trigger,
  status: row.status,
  attempts: row.attempts,
  recipients: row.recipients,
  reportFileId: row.report_file_id,
  sizeBytes: row.size_bytes,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

const RUNS = `SELECT r.*, f.size_bytes FROM report_run r LEFT JOIN report_file f ON f.id = r.report_file_id`;

function toSchedule(row: ScheduleRow, lastRun: RunRow | undefined): ReportSchedule {
  return {
    id: row.id,
    name: row.name,
    type: row.report_type,
    format: row.format,
    frequency: row.frequency,
    dateRange: row.date_range,
    weekdays: row.weekdays,
    hour: row.hour,
    extraMinutes: row.extra_minutes,
    timezone: row.timezone,
    filter: row.filter,
    site: row.site_id,
    recipientUserIds: row.recipient_user_ids,
    recipientEmails: row.recipient_emails,
    paused: row.paused,
    nextRunAt: row.paused ? null : (row.next_run_at?.toISOString() ?? null),
    lastRun: lastRun ? toRun(lastRun) : null,
  };
}

export async function scheduleRow(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<ScheduleRow> {
  const [row] = await db.query<ScheduleRow>(
    'SELECT * FROM report_schedule WHERE organisation_id = $1 AND id = $2',
    [organisationId, id],
  );
  if (!row) throw notFound('No such scheduled report');
  return row;
}

export async function listSchedules(
  db: Queryable,
  organisationId: string,
  ids?: string[],
): Promise<ReportSchedule[]> {
  const rows = await db.query<ScheduleRow>(
    `SELECT * FROM report_schedule WHERE organisation_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
      ORDER BY lower(name), id`,
    [organisationId, ids ?? null],
  );
  const last = await db.query<RunRow>(
    `SELECT DISTINCT ON (r.schedule_id) r.*, f.size_bytes FROM report_run r
       LEFT JOIN report_file f ON f.id = r.report_file_id
      WHERE r.schedule_id = ANY($1::uuid[])
      ORDER BY r.schedule_id, r.created_at DESC`,
    [rows.map((r) => r.id)],
  );
  const lastOf = new Map(last.map((run) => [run.schedule_id, run]));
  return rows.map((row) => toSchedule(row, lastOf.get(row.id)));
}

export async function getSchedule(db: Queryable, organisationId: string, id: string) {
  await scheduleRow(db, organisationId, id);
  const [schedule] = await listSchedules(db, organisationId, [id]);
  return schedule as ReportSchedule;
}

/** The body's members and site checked against the organisation: a 400 naming what is not its. */
async function checkBody(db: Queryable, organisationId: string, body: ReportScheduleBody) {
  if (body.frequency === 'weekly' && body.weekdays.length !== 1) {
    throw badRequest('weekdays', 'a weekly report runs on one weekday');
  }
  if (body.recipientUserIds.length + body.recipientEmails.length === 0) {
    throw badRequest('recipientEmails', 'a scheduled report needs at least one recipient');
  }
  const members = await db.query<{ user_id: string }>(
    'SELECT user_id FROM membership WHERE organisation_id = $1 AND user_id = ANY($2::uuid[])',
    [organisationId, body.recipientUserIds],
  );
  if (members.length !== body.recipientUserIds.length) {
    throw badRequest('recipientUserIds', 'every recipient must be a user of this organisation');
  }
  if (body.site) {
    const sites = await sitesOfOrganisationAndHires(db, organisationId);
    if (!sites.some((site) => site.id === body.site)) {
      throw badRequest('site', 'no such site in this organisation');
    }
  }
}

const COLUMNS = `name, report_type, format, frequency, date_range, weekdays, hour, extra_minutes,
  timezone, filter, site_id, recipient_user_ids, recipient_emails, paused`;

const valuesOf = (body: ReportScheduleBody) => [
  body.name.trim(),
  body.type,
  body.format,
  body.frequency,
  body.dateRange,
  body.weekdays,
  body.hour,
  body.extraMinutes,
  body.timezone,
  body.filter ?? null,
  body.site ?? null,
  body.recipientUserIds,
  body.recipientEmails.map((e) => e.toLowerCase()),
  body.paused ?? false,
];

async function planNext(db: Queryable, row: ScheduleRow, now: Date) {
  await db.query('UPDATE report_schedule SET next_run_at = $2 WHERE id = $1', [
    row.id,
    await nextSlotOf(db, row, now),
  ]);
}

export async function createSchedule(
  db: Queryable,
  member: { organisationId: string; userId: string },
  body: ReportScheduleBody,
  now = new Date(),
): Promise<ReportSchedule> {
  await checkBody(db, member.organisationId, body);
  const [row] = await db.query<ScheduleRow>(
    `INSERT INTO report_schedule (organisation_id, created_by, ${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::int[], $9, $10, $11, $12, $13, $14::uuid[], $15::text[], $16)
     RETURNING *`,
    [member.organisationId, member.userId, ...valuesOf(body)],
  );
  await planNext(db, row as ScheduleRow, now);
  return getSchedule(db, member.organisationId, (row as ScheduleRow).id);
}

export async function updateSchedule(
  db: Queryable,
  organisationId: string,
  id: string,
  body: ReportScheduleBody,
  now = new Date(),
): Promise<ReportSchedule> {
  await scheduleRow(db, organisationId, id);
  await checkBody(db, organisationId, body);
  const [row] = await db.query<ScheduleRow>(
    `UPDATE report_schedule SET (${COLUMNS}, updated_at) =
       ($3, $4, $5, $6, $7, $8::int[], $9, $10, $11, $12, $13, $14::uuid[], $15::text[], $16, now())
      WHERE organisation_id = $1 AND id = $2 RETURNING *`,
    [organisationId, id, ...valuesOf(body)],
  );
  await planNext(db, row as ScheduleRow, now);
  return getSchedule(db, organisationId, id);
}

export async function deleteSchedule(db: Queryable, organisationId: string, id: string) {
  const rows = await db.query(
    'DELETE FROM report_schedule WHERE organisation_id = $1 AND id = $2 RETURNING id',
    [organisationId, id],
  );
  if (rows.length === 0) throw notFound('No such scheduled report');
}

/** Queues a run now, besides the schedule's own slots. */
export async function runScheduleNow(
  db: Queryable,
  organisationId: string,
  id: string,
  now = new Date(),
): Promise<ReportRun> {
  await scheduleRow(db, organisationId, id);
  const [run] = await db.query<{ id: string }>(
    `INSERT INTO report_run (schedule_id, slot_at, trigger, next_attempt_at)
     VALUES ($1, $2, 'now', $2) RETURNING id`,
    [id, now],
  );
  const [row] = await db.query<RunRow>(`${RUNS} WHERE r.id = $1`, [(run as { id: string }).id]);
  return toRun(row as RunRow);
}

export async function listRuns(
  db: Queryable,
  organisationId: string,
  scheduleId: string,
  limit: number,
): Promise<ReportRun[]> {
  await scheduleRow(db, organisationId, scheduleId);
  const rows = await db.query<RunRow>(
    `${RUNS} WHERE r.schedule_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2`,
    [scheduleId, limit],
  );
  return rows.map(toRun);
}
