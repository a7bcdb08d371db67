// An overdue safety-critical task (a thorough examination) marks a machine not to be used (issue
// 42, docs/maintenance.md "Not to be used"): a new hire, an extension or a swap onto it is refused
// unless an admin gives a reason.
import type { Queryable } from '../../db/database.ts';
import { dueRows } from './list.ts';

/** The names of the machine's safety-critical tasks that are overdue now. */
export async function overdueSafetyTasks(db: Queryable, machineId: string): Promise<string[]> {
  const [owner] = await db.query<{ id: string; timezone: string }>(
    `SELECT o.id, o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.id = $1 AND EXISTS (SELECT 1 FROM service_plan p
                                   WHERE p.organisation_id = o.id AND p.safety_critical)`,
    [machineId],
  );
  if (!owner) return [];
  return (await dueRows(db, owner, [machineId]))
    .filter(({ row }) => row.safetyCritical && row.status === 'overdue')
    .map(({ row }) => row.task);
}
