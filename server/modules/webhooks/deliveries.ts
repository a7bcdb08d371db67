// Webhook deliveries' SQL: claimed when due (a lease, so that no two processes post the same one),
// their attempts recorded with the next try on the retry schedule, listed as a subscription's log,
// sent again on request, and a test event queued for one subscription.
import {
  WEBHOOK_RETRY_DELAYS_S,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '../../../src/domain/api/webhooks.ts';
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../httpError.ts';
import type { AttemptResult } from './send.ts';
import { webhookDeliveries } from '../../observability/metrics.ts';

/** A claimed delivery with what its attempt posts. */
export interface DueDelivery {
  id: string;
  attempts: number;
  subscription_id: string;
  event_id: string;
  url: string;
  secret: string;
  body: string;
}

/** Longer than any batch of attempts takes, each bounded by the receiver's timeout. */
const LEASE_S = 300;

const DUE_COLUMNS = `d.id, d.attempts, d.subscription_id, d.event_id, s.url, s.secret,
  json_build_object('type', e.event_type,
    'timestamp', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', e.data)::text AS body`;

/** Up to `limit` deliveries due at `now` of switched-on subscriptions, leased to this process. */
export async function claimDue(db: Queryable, now: Date, limit: number): Promise<DueDelivery[]> {
  return db.query<DueDelivery>(
    `WITH claimed AS (
       UPDATE webhook_delivery d SET next_attempt_at = $1::timestamptz + make_interval(secs => $3)
        WHERE d.id IN (
          SELECT d2.id FROM webhook_delivery d2
            JOIN webhook_subscription s2 ON s2.id = d2.subscription_id AND s2.enabled
           WHERE d2.state = 'pending' AND d2.next_attempt_at <= $1
           ORDER BY d2.next_attempt_at LIMIT $2
             FOR UPDATE OF d2 SKIP LOCKED)
        RETURNING d.*)
     SELECT ${DUE_COLUMNS} FROM claimed d
       JOIN webhook_subscription s ON s.id = d.subscription_id
       JOIN webhook_event e ON e.id = d.event_id
      ORDER BY e.occurred_at, e.id`,
    [now, limit, LEASE_S],
  );
}

/** One delivery, claimed whatever its state or its subscription's: a test send posts it now. */
export async function claimOne(db: Queryable, id: string, now: Date): Promise<DueDelivery | null> {
  const [row] = await db.query<DueDelivery>(
    `WITH claimed AS (
       UPDATE webhook_delivery SET next_attempt_at = $2::timestamptz + make_interval(secs => $3)
        WHERE id = $1 RETURNING *)
     SELECT ${DUE_COLUMNS} FROM claimed d
       JOIN webhook_subscription s ON s.id = d.subscription_id
       JOIN webhook_event e ON e.id = d.event_id`,
    [id, now, LEASE_S],
  );
  return row ?? null;
}

export interface Attempted {
  delivery: DueDelivery;
  result: AttemptResult;
}

/**
 * Writes each attempt: delivered on a 2xx, else due again after the schedule's wait, or failed
 * once the schedule is used up. Returns the subscriptions whose delivery failed for good.
 */
export async function recordAttempts(
  db: Queryable,
  attempted: Attempted[],
  now: Date,
): Promise<string[]> {
  if (attempted.length === 0) return [];
  const states: WebhookDeliveryState[] = [];
  const nextAt: Date[] = [];
  for (const { delivery, result } of attempted) {
    const wait = WEBHOOK_RETRY_DELAYS_S[delivery.attempts];
    const state = result.error === null ? 'delivered' : wait === undefined ? 'failed' : 'pending';
    webhookDeliveries.inc({ outcome: state === 'pending' ? 'retrying' : state });
    states.push(state);
    nextAt.push(new Date(now.getTime() + (wait ?? 0) * 1000));
  }
  const failed = await db.query<{ subscription_id: string }>(
    `UPDATE webhook_delivery d SET attempts = d.attempts + 1, last_attempt_at = $7,
            response_status = r.status, latency_ms = r.latency_ms, error = r.error, state = r.state,
            next_attempt_at = r.next_at,
            delivered_at = CASE WHEN r.state = 'delivered' THEN $7 ELSE d.delivered_at END
       FROM unnest($1::uuid[], $2::int[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
            AS r (id, status, latency_ms, error, state, next_at)
      WHERE d.id = r.id
      RETURNING CASE WHEN r.state = 'failed' THEN d.subscription_id END AS subscription_id`,
    [
      attempted.map((a) => a.delivery.id),
      attempted.map((a) => a.result.status),
      attempted.map((a) => a.result.latencyMs),
      attempted.map((a) => a.result.error),
      states,
      nextAt,
      now,
    ],
  );
  return [...new Set(failed.flatMap((row) => (row.subscription_id ? [row.subscription_id] : [])))];
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  state: WebhookDeliveryState;
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    occurredAt: row.occurred_at.toISOString(),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastAttemptAt: iso(row.last_attempt_at),
    responseStatus: row.response_status,
    latencyMs: row.latency_ms,
    error: row.error,
    deliveredAt: iso(row.delivered_at),
    createdAt: row.created_at.toISOString(),
  };
}

const LOG_FROM = `FROM webhook_delivery d
  JOIN webhook_subscription s ON s.id = d.subscription_id
  JOIN webhook_event e ON e.id = d.event_id`;
const LOG_COLUMNS = `d.id, d.event_id, e.event_type, e.occurred_at, d.state, d.attempts,
  d.next_attempt_at, d.last_attempt_at, d.response_status, d.latency_ms, d.error, d.delivered_at,
  d.created_at`;

/** A subscription's deliveries, newest first, with their total. */
export async function listDeliveries(
  db: Queryable,
  organisationId: string,
  subscriptionId: string,
  page: { offset: number; limit: number; state: WebhookDeliveryState | null },
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  const where = `s.organisation_id = $1 AND s.id = $2 AND ($3::text IS NULL OR d.state = $3)`;
  const params = [organisationId, subscriptionId, page.state];
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${LOG_FROM} WHERE ${where}`,
    params,
  );
  const rows = await db.query<DeliveryRow>(
    `SELECT ${LOG_COLUMNS} ${LOG_FROM} WHERE ${where}
      ORDER BY d.created_at DESC, d.id LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  return { rows: rows.map(toDelivery), total: count?.total ?? 0 };
}

export async function getDelivery(
  db: Queryable,
  organisationId: string,
  subscriptionId: string,
  id: string,
): Promise<WebhookDelivery> {
  const [row] = await db.query<DeliveryRow>(
    `SELECT ${LOG_COLUMNS} ${LOG_FROM} WHERE s.organisation_id = $1 AND s.id = $2 AND d.id = $3`,
    [organisationId, subscriptionId, id],
  );
  if (!row) throw notFound('No such delivery');
  return toDelivery(row);
}

/**
 * Sends a delivery again, from the start of the retry schedule, with the event's own id (a receiver
 * that kept it drops it). The subscription must be switched on, or it would wait for nothing.
 */
export async function replayDelivery(
  db: Queryable,
  organisationId: string,
  subscriptionId: string,
  id: string,
  now: Date,
): Promise<WebhookDelivery> {
  const [subscription] = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM webhook_subscription WHERE organisation_id = $1 AND id = $2',
    [organisationId, subscriptionId],
  );
  if (!subscription) throw notFound('No such webhook');
  if (!subscription.enabled)
    throw conflict('The webhook is switched off: switch it on before sending events again');
  const replayed = await db.query(
    `UPDATE webhook_delivery SET state = 'pending', attempts = 0, next_attempt_at = $3,
            replayed_at = $3
      WHERE subscription_id = $1 AND id = $2 RETURNING id`,
    [subscriptionId, id, now],
  );
  if (replayed.length === 0) throw notFound('No such delivery');
  return getDelivery(db, organisationId, subscriptionId, id);
}

/** A `webhook.test` event for this subscription alone, to post at once; its delivery's id. */
export async function queueTestEvent(
  db: Queryable,
  organisationId: string,
  subscriptionId: string,
  now: Date,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `WITH event AS (
       INSERT INTO webhook_event (organisation_id, event_type, occurred_at, data)
       SELECT organisation_id, $3, $4, json_build_object('webhookId', id, 'url', url)::jsonb
         FROM webhook_subscription WHERE organisation_id = $1 AND id = $2
       RETURNING id)
     INSERT INTO webhook_delivery (subscription_id, event_id, next_attempt_at)
     SELECT $2, id, $4::timestamptz + make_interval(secs => $5) FROM event RETURNING id`,
    // Leased from the start: the caller posts it at once, and no worker's pass takes it meanwhile.
    [organisationId, subscriptionId, WEBHOOK_TEST_EVENT, now, LEASE_S],
  );
  if (!row) throw notFound('No such webhook');
  return row.id;
}

/** Delivery logs are kept 30 days; events no delivery needs go with them. */
export async function pruneDeliveries(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM webhook_delivery WHERE state <> 'pending' AND created_at < $1::timestamptz - interval '30 days'`,
    [now],
  );
  await db.query(
    `DELETE FROM webhook_event e WHERE e.created_at < $1::timestamptz - interval '30 days'
        AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)`,
    [now],
  );
}
