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
  | 'webhook.replayed'
  | 'check-template.created'
  | 'check-template.edited'
  | 'check-template.deleted'
  | 'hire.checked'
  | 'session.ended'
  | 'retention.changed'
  | 'retention.applied'
  | 'data.exported'
  | 'data.erasure-requested';

/** Who acted, by the caller's token: a person, or an API client (its token carries scopes). */
export function actorOf(auth: { sub: string; scp?: string[] }): {
  userId: string | null;
  apiClientId: string | null;
} {
  const client = auth.scp !== undefined;
  return { userId: client ? null : auth.sub, apiClientId: client ? auth.sub : null };
}

/** The actor's name as it is now, kept with the row: a person's e-mail, or the client's name. */
export const actorEmailSql = (user: string, client: string) =>
  `coalesce((SELECT email FROM app_user WHERE id = ${user}),
            (SELECT 'API client ' || name FROM api_client WHERE id = ${client}))`;

export async function recordAudit(
  db: Queryable,
  event: {
    action: AuditAction;
    organisationId: string | null;
    actorUserId: string | null;
    /** An API client acting by its scopes, instead of a person. */
    actorApiClientId?: string | null;
    subjectUserId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_event (organisation_id, actor_user_id, actor_api_client_id, actor_email, action,
                              subject_user_id, details)
     VALUES ($1, $2, $6, ${actorEmailSql('$2', '$6')}, $3, $4, $5)`,
    [
      event.organisationId,
      event.actorUserId,
      event.action,
      event.subjectUserId,
      JSON.stringify(event.details ?? {}),
      event.actorApiClientId ?? null,
    ],
  );
}

/**
 * A write through the API by its caller, kept with the caller's organisation unless one is named.
 * An API client's token (it carries scopes) names the client, not a person.
 */
export function auditRequest(
  db: Queryable,
  request: { auth: { org: string; sub: string; scp?: string[] } },
  action: AuditAction,
  details: Record<string, unknown>,
  organisationId: string | null = request.auth.org,
): Promise<void> {
  const actor = actorOf(request.auth);
  return recordAudit(db, {
    action,
    organisationId,
    actorUserId: actor.userId,
    actorApiClientId: actor.apiClientId,
    subjectUserId: null,
    details,
  });
}
