// Service due soon, overdue, and a safety inspection overdue (issue 42): like silence, nothing the
// engine commits shows them, so the alert worker looks. A machine × task is the subject (a name
// made of the two) and the task's cycle start the alert's, so each due point is raised once.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { dueTasks, planOrganisations } from '../maintenance/index.ts';
import type { OrganisationAlert } from './detect.ts';
import { organisationAlertRules } from './raise.ts';

const SERVICE_TYPES = ['serviceDueSoon', 'serviceOverdue', 'safetyOverdue'] as const;

/** A uuid of its own for a machine × task: the alert's subject. */
const subjectOf = (machineId: string, planId: string) => {
  const hex = createHash('sha256').update(`${machineId}:${planId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export async function serviceAlerts(db: Queryable, nowMs: number): Promise<OrganisationAlert[]> {
  // Due points are worked out only for organisations that raise one of the service types.
  const rules = await organisationAlertRules(db, await planOrganisations(db));
  const wanted = [...rules]
    .filter(([, rule]) => SERVICE_TYPES.some((type) => rule.types.has(type)))
    .map(([organisationId]) => organisationId);
  return (await dueTasks(db, wanted))
    .filter((task) => rules.get(task.organisationId)?.types.has(task.type))
    .map((task) => ({
      organisationId: task.organisationId,
      candidate: {
        type: task.type,
        machineId: task.machineId,
        sourceId: null,
        subjectId: subjectOf(task.machineId, task.planId),
        startedAtMs: task.cycleStartMs,
        atMs: nowMs,
        siteName: null,
        litres: null,
        minutes: null,
        note: task.task,
      },
    }));
}
