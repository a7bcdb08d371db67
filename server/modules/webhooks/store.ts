// Webhook subscriptions' SQL (issue 43, docs/integrations.md): an organisation's, each with its
// target, event types and signing secret; the target checked against the private-address guard.
import { randomBytes } from 'node:crypto';
import type {
  Webhook,
  WebhookBody,
  WebhookDisabledReason,
  WebhookPatch,
} from '../../../src/domain/api/webhooks.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { literalPrivateReason } from '../../telemetry/pollers/feedAddress.ts';

interface WebhookRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: WebhookDisabledReason | null;
  disabled_at: Date | null;
  created_at: Date;
  secret: string;
  last_delivery_at: Date | null;
  last_delivery_state: string | null;
}

/** The subscription with its latest attempted delivery. */
const SELECT = `
  SELECT s.id, s.url, s.description, s.event_types, s.enabled, s.disabled_reason, s.disabled_at,
         s.created_at, s.secret, last.last_attempt_at AS last_delivery_at,
         last.state AS last_delivery_state
    FROM webhook_subscription s
    LEFT JOIN LATERAL (
      SELECT d.last_attempt_at, d.state FROM webhook_delivery d
       WHERE d.subscription_id = s.id AND d.last_attempt_at IS NOT NULL
       ORDER BY d.last_attempt_at DESC LIMIT 1) last ON true`;

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
    lastDeliveryState: row.last_delivery_state,
    secret: row.secret,
  };
}

/** A target the portal will post to: http(s), and not this machine's network unless allowed. */
export function checkTarget(url: string, allowPrivate: boolean): void {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    throw badRequest('url', 'url must be an http or https address');
  if (parsed.username || parsed.password)
    throw badRequest(
      'url',
      'url must not hold a user name or password; the signature proves the sender',
    );
  const reason = allowPrivate ? null : literalPrivateReason(url);
  if (reason) throw badRequest('url', `url is refused: ${reason}`);
}

export async function listWebhooks(db: Queryable, organisationId: string): Promise<Webhook[]> {
  const rows = await db.query<WebhookRow>(
    `${SELECT} WHERE s.organisation_id = $1 ORDER BY s.created_at DESC, s.id`,
    [organisationId],
  );
  return rows.map(toWebhook);
}

export async function getWebhook(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<Webhook> {
  const [row] = await db.query<WebhookRow>(`${SELECT} WHERE s.organisation_id = $1 AND s.id = $2`, [
    organisationId,
    id,
  ]);
  if (!row) throw notFound('No such webhook');
  return toWebhook(row);
}

export async function createWebhook(
  db: Queryable,
  organisationId: string,
  userId: string | null,
  body: WebhookBody,
  allowPrivate: boolean,
): Promise<Webhook> {
  checkTarget(body.url, allowPrivate);
  // 24 random bytes in base64 behind whsec_, as Standard Webhooks' libraries read a secret.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO webhook_subscription (organisation_id, url, description, secret, event_types, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      organisationId,
      body.url,
      body.description?.trim() ?? '',
      secret,
      [...body.eventTypes],
      userId,
    ],
  );
  if (!row) throw new Error('no webhook returned');
  return getWebhook(db, organisationId, row.id);
}

export async function updateWebhook(
  db: Queryable,
  organisationId: string,
  id: string,
  patch: WebhookPatch,
  allowPrivate: boolean,
): Promise<Webhook> {
  if (patch.url !== undefined) checkTarget(patch.url, allowPrivate);
  const updated = await db.query(
    `UPDATE webhook_subscription SET
        url = coalesce($3, url),
        description = coalesce($4, description),
        event_types = coalesce($5, event_types),
        enabled = coalesce($6, enabled),
        disabled_reason = CASE WHEN $6::boolean IS NULL THEN disabled_reason
                               WHEN $6 THEN NULL ELSE 'switchedOff' END,
        disabled_at = CASE WHEN $6::boolean IS NULL THEN disabled_at
                           WHEN $6 THEN NULL ELSE now() END,
        updated_at = now()
      WHERE organisation_id = $1 AND id = $2 RETURNING id`,
    [
      organisationId,
      id,
      patch.url ?? null,
      patch.description?.trim() ?? null,
      patch.eventTypes ? [...patch.eventTypes] : null,
      patch.enabled ?? null,
    ],
  );
  if (updated.length === 0) throw notFound('No such webhook');
  return getWebhook(db, organisationId, id);
}

/** Deletes the subscription with its delivery log. */
export async function deleteWebhook(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<Webhook> {
  const webhook = await getWebhook(db, organisationId, id);
  await db.query('DELETE FROM webhook_subscription WHERE organisation_id = $1 AND id = $2', [
    organisationId,
    id,
  ]);
  return webhook;
}
