// Recomputes staff ask for: one machine's days, in the background, one run at a time per machine
// (a unique index says so across processes), a month of days per step so progress shows, with the
// day rollups kept before and after so the screen shows what changed. The engine does the work
// through its scheduler, so the caches and alerts that listen to its commits hear of it as usual.
import type { RecomputeRun } from '../../../src/domain/api/admin.ts';
import { addDays, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { daysOf } from './completeness.ts';

/** Days recomputed per step: progress moves and the engine's other work is not held for long. */
const STEP_DAYS = 31;
/** The rollup figures compared before and after, with the unit they are shown in. */
const COMPARED = {
  active_s: 3600,
  idle_s: 3600,
  off_s: 3600,
  missing_s: 3600,
  brokendown_s: 3600,
  out_of_hours_s: 3600,
  fuel_l: 1,
  distance_m: 1000,
} as const;
const SHOWN_AS: Record<keyof typeof COMPARED, string> = {
  active_s: 'activeHours',
  idle_s: 'idleHours',
  off_s: 'offHours',
  missing_s: 'missingHours',
  brokendown_s: 'brokenDownHours',
  out_of_hours_s: 'outOfHoursHours',
  fuel_l: 'fuelLitres',
  distance_m: 'distanceKm',
};
type Snapshot = Record<string, Record<string, number>>;

interface RunRow {
  id: string;
  machine_id: string;
  from_day: string;
  to_day: string;
  state: RecomputeRun['state'];
  days_total: number;
  days_done: number;
  requested_by: string | null;
  created_at: Date;
  finished_at: Date | null;
  error: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

const RUN_COLUMNS = `r.id, r.machine_id, to_char(r.from_day, 'YYYY-MM-DD') AS from_day,
  to_char(r.to_day, 'YYYY-MM-DD') AS to_day, r.state, r.days_total, r.days_done,
  u.email AS requested_by, r.created_at, r.finished_at, r.error, r.before, r.after`;

/** What differs between two snapshots, day by day, in hours, litres and kilometres. */
export function changesBetween(before: Snapshot, after: Snapshot): RecomputeRun['changes'] {
  const changes: RecomputeRun['changes'] = [];
  const days = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const round = (value: number | undefined, unit: number) =>
    value === undefined ? null : Math.round((value / unit) * 1000) / 1000;
  for (const day of days) {
    for (const [field, unit] of Object.entries(COMPARED) as [keyof typeof COMPARED, number][]) {
      const was = round(before[day]?.[field], unit);
      const now = round(after[day]?.[field], unit);
      if (was !== now) changes.push({ day, field: SHOWN_AS[field], before: was, after: now });
    }
  }
  return changes;
}

const toRun = (row: RunRow): RecomputeRun => ({
  id: row.id,
  machineId: row.machine_id,
  fromDay: row.from_day,
  toDay: row.to_day,
  state: row.state,
  daysTotal: row.days_total,
  daysDone: row.days_done,
  requestedBy: row.requested_by,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  error: row.error,
  changes: row.before && row.after ? changesBetween(row.before, row.after) : [],
});

async function snapshot(
  db: Queryable,
  machineId: string,
  from: string,
  to: string,
): Promise<Snapshot> {
  const rows = await db.query<Record<string, number> & { day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${Object.keys(COMPARED).join(', ')}
       FROM machine_day_rollup WHERE machine_id = $1 AND day BETWEEN $2::date AND $3::date`,
    [machineId, from, to],
  );
  const taken: Snapshot = {};
  for (const { day, ...values } of rows) taken[day] = values;
  return taken;
}

/** A run that has not moved on for this long died with its process. */
const STALLED_MS = 10 * 60_000;

export class RecomputeRuns {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly rollups: Pick<RollupScheduler, 'schedule' | 'drain'>,
    private readonly log: { error(o: object, message: string): void },
  ) {}

  /** Runs this process started and another process did not finish: a restart ended them. */
  /**
   * Fails the runs a process that ended left queued or running. On PGlite this process is the only
   * one; on PostgreSQL others may be working on theirs, so only a run that has not moved on for
   * STALLED_MS is taken for interrupted (a step is a month of one machine: seconds).
   */
  async failInterrupted(): Promise<void> {
    await this.db.query(
      `UPDATE recompute_run SET state = 'failed', error = 'interrupted by a restart', finished_at = now()
        WHERE state IN ('queued', 'running') AND ($1 OR progress_at < now() - make_interval(secs => $2))`,
      [this.db.kind === 'pglite', STALLED_MS / 1000],
    );
  }

  async list(machineId: string, limit = 10): Promise<RecomputeRun[]> {
    const rows = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM recompute_run r LEFT JOIN app_user u ON u.id = r.requested_by
        WHERE r.machine_id = $1 ORDER BY r.created_at DESC LIMIT $2`,
      [machineId, limit],
    );
    return rows.map(toRun);
  }

  async get(machineId: string, runId: string): Promise<RecomputeRun> {
    const [row] = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM recompute_run r LEFT JOIN app_user u ON u.id = r.requested_by
        WHERE r.machine_id = $1 AND r.id = $2`,
      [machineId, runId],
    );
    if (!row) throw notFound('No such recompute');
    return toRun(row);
  }

  /** Queues a run and starts it in the background; 409 while the machine has one. */
  async start(
    machineId: string,
    fromDay: string,
    toDay: string,
    userId: string,
  ): Promise<RecomputeRun> {
    const [machine] = await this.db.query<{ timezone: string }>(
      `SELECT o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id WHERE m.id = $1`,
      [machineId],
    );
    if (!machine) throw notFound('No such machine');
    const days = daysOf(fromDay, toDay, 'toDay');
    if (fromDay > zonedDate(new Date(), machine.timezone))
      throw badRequest('fromDay', 'fromDay is after today in the machine organisation’s time zone');
    let id: string;
    try {
      const [row] = await this.db.query<{ id: string }>(
        `INSERT INTO recompute_run (machine_id, from_day, to_day, requested_by, days_total)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [machineId, fromDay, toDay, userId, days.length],
      );
      id = (row as { id: string }).id;
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw conflict('This machine is being recomputed already: wait for that run to end');
      throw error;
    }
    const work = this.run(id, machineId, fromDay, toDay).finally(() => this.running.delete(work));
    this.running.add(work);
    return this.get(machineId, id);
  }

  /** Resolves when every run started here has ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async run(id: string, machineId: string, fromDay: string, toDay: string): Promise<void> {
    try {
      const before = await snapshot(this.db, machineId, fromDay, toDay);
      await this.db.query(
        `UPDATE recompute_run SET state = 'running', before = $2, progress_at = now() WHERE id = $1`,
        [id, JSON.stringify(before)],
      );
      let done = 0;
      for (let from = fromDay; from <= toDay; from = addDays(from, STEP_DAYS)) {
        const last = addDays(from, STEP_DAYS - 1);
        const to = last < toDay ? last : toDay;
        this.rollups.schedule(machineId, from, to);
        await this.rollups.drain();
        done += daysOf(from, to).length;
        await this.db.query(
          'UPDATE recompute_run SET days_done = $2, progress_at = now() WHERE id = $1',
          [id, done],
        );
      }
      const after = await snapshot(this.db, machineId, fromDay, toDay);
      await this.db.query(
        `UPDATE recompute_run SET state = 'done', after = $2, finished_at = now() WHERE id = $1`,
        [id, JSON.stringify(after)],
      );
    } catch (error) {
      this.log.error({ err: error, machineId }, 'staff recompute failed');
      await this.db
        .query(
          `UPDATE recompute_run SET state = 'failed', error = $2, finished_at = now() WHERE id = $1`,
          [id, error instanceof Error ? error.message : String(error)],
        )
        .catch(() => undefined);
    }
  }
}
