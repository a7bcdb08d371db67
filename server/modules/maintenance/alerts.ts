// The tasks an alert is due for (issue 42, docs/maintenance.md "Alerts"): each machine × task due
// soon or overdue, and whether it is a safety-critical one overdue. The cycle's start (the last
// service's day, or the day the plan was made) makes each due point one bout.
import type { AlertType } from '../../../src/domain/api/alerts.ts';
import { startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { dueRows } from './list.ts';

export interface DueTask {
  organisationId: string;
  machineId: string;
  planId: string;
  task: string;
  type: Extract<AlertType, 'serviceDueSoon' | 'serviceOverdue' | 'safetyOverdue'>;
  /** The start of the task's current cycle: the last service's day, or the plan's first. */
  cycleStartMs: number;
}

/** The organisations with service plans: the only ones with tasks to be due. */
export async function planOrganisations(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT DISTINCT organisation_id AS id FROM service_plan',
  );
  return rows.map((row) => row.id);
}

/** The tasks due soon or overdue of the organisations named. */
export async function dueTasks(
  db: Queryable,
  organisationIds: readonly string[],
): Promise<DueTask[]> {
  if (organisationIds.length === 0) return [];
  const organisations = await db.query<{ id: string; timezone: string }>(
    'SELECT id, timezone FROM organisation WHERE id = ANY($1::uuid[])',
    [[...organisationIds]],
  );
  const due: DueTask[] = [];
  for (const organisation of organisations) {
    for (const { row, task } of await dueRows(db, organisation)) {
      if (row.status === 'ok') continue;
      due.push({
        organisationId: organisation.id,
        machineId: row.machineId,
        planId: row.planId,
        task: row.task,
        type:
          row.status === 'dueSoon'
            ? 'serviceDueSoon'
            : row.safetyCritical
              ? 'safetyOverdue'
              : 'serviceOverdue',
        cycleStartMs: startOfZonedDay(
          row.lastDoneDay ?? task.applied_day,
          organisation.timezone,
        ).getTime(),
      });
    }
  }
  return due;
}
