// The audit trail of account changes: who did what to whom, kept after either is deleted.
import type { Queryable } from '../../db/database.ts';

export type AuditAction =
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'user.invited'
  | 'user.reinvited'
  | 'invitation.accepted'
  | 'password.reset'
  | 'organisation.registered'
  | 'user.second-factor-on'
  | 'user.second-factor-off'
  | 'organisation.second-factor-required'
  | 'organisation.second-factor-optional'
  | 'brand.saved'
  | 'brand.reset'
  | 'organisation.settings-changed'
  | 'shift.saved'
  | 'shift.deleted'
  | 'gateway.registered'
  | 'gateway.edited'
  | 'gateway.configured'
  | 'sensor.out-of-service'
  | 'sensor.in-service'
  | 'sensor.attachments-set'
  | 'sensor.tank-capacity-set'
  | 'asset.created'
  | 'asset.edited'
  | 'asset.tracker-attached'
  | 'hire.created'
  | 'hire.edited'
  | 'hire.off-hired'
  | 'hire.extended'
  | 'hire.swapped'
  | 'hire.cancelled'
  | 'hire.imported'
  | 'meter.read'
  | 'meter.lead-set'
  | 'service-plan.created'
  | 'service-plan.edited'
  | 'service-plan.deleted'
  | 'service.recorded'
  | 'service.edited'
  | 'service.deleted'
  | 'api-client.created'
  | 'api-client.revoked'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.replayed';

export async function recordAudit(
  db: Queryable,
  event: {
    action: AuditAction;
    organisationId: string | null;
    actorUserId: string | null;
    subjectUserId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_event (organisation_id, actor_user_id, actor_email, action, subject_user_id, details)
     VALUES ($1, $2, (SELECT email FROM app_user WHERE id = $2), $3, $4, $5)`,
    [
      event.organisationId,
      event.actorUserId,
      event.action,
      event.subjectUserId,
      JSON.stringify(event.details ?? {}),
    ],
  );
}

/** A write through the API by its caller, kept with the caller's organisation unless one is named. */
export function auditRequest(
  db: Queryable,
  request: { auth: { org: string; sub: string } },
  action: AuditAction,
  details: Record<string, unknown>,
  organisationId: string | null = request.auth.org,
): Promise<void> {
  return recordAudit(db, {
    action,
    organisationId,
    actorUserId: request.auth.sub,
    subjectUserId: null,
    details,
  });
}
