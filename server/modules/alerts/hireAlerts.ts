// Hires idle on hire or not returned (issue 41): like silence, nothing the engine commits shows them,
// so the alert worker looks. The hire is the subject and the bout's start the alert's, so a bout is
// raised once however often it is seen again.
import type { Queryable } from '../../db/database.ts';
import { flaggedHires } from '../hires/index.ts';
import { ALERT_MAX_AGE_MS, type OrganisationAlert } from './detect.ts';
import { organisationAlertRules } from './raise.ts';

export async function hireAlerts(db: Queryable, nowMs: number): Promise<OrganisationAlert[]> {
  const flagged = await flaggedHires(db, nowMs);
  const rules = await organisationAlertRules(
    db,
    flagged.map((hire) => hire.rentalOrganisationId),
  );
  // Like every alert, not for what came up longer ago than a day (a new setting, a first start).
  return flagged
    .filter((hire) => hire.flaggedAtMs >= nowMs - ALERT_MAX_AGE_MS)
    .filter((hire) => rules.get(hire.rentalOrganisationId)?.types.has(hire.flag))
    .map((hire) => ({
      organisationId: hire.rentalOrganisationId,
      candidate: {
        type: hire.flag,
        machineId: hire.machineId,
        sourceId: null,
        subjectId: hire.hireId,
        startedAtMs: hire.sinceMs,
        atMs: hire.flaggedAtMs,
        siteName: null,
        litres: null,
        minutes: null,
      },
    }));
}
