// /v1/organisation/webhooks (issue 43, docs/integrations.md): an organisation's systems subscribe
// to its events by type; the portal posts each one to them, signed by the Standard Webhooks
// convention (webhook-id, webhook-timestamp, webhook-signature), and keeps a log of the deliveries.
import Type, { type Static } from 'typebox';
import { ALERT_TYPES, type AlertType } from './alerts.ts';
import { DateTime } from './dates.ts';

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const ALERT_EVENTS = ALERT_TYPES.map((type): `alert.${AlertType}` => `alert.${type}`);

/** The events one may subscribe to: every alert type, hires, report files and meter drift. */
export const WEBHOOK_EVENT_TYPES = [
  ...ALERT_EVENTS,
  'hire.started',
  'hire.ended',
  'report.ready',
  'meter.drift',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a test send posts, to every subscription whatever its types. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The waits after each failed attempt: a delivery is tried 11 times over about a day (23 h 43 min),
 * then marked failed and its subscription switched off.
 */
export const WEBHOOK_RETRY_DELAYS_S = [
  5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800,
] as const;

const Url = Type.String({ minLength: 1, maxLength: 2000, format: 'uri' });
const EventTypes = Type.Array(Type.Enum([...WEBHOOK_EVENT_TYPES]), {
  minItems: 1,
  uniqueItems: true,
});

export const WebhookBody = Type.Object(
  {
    url: Url,
    description: Type.Optional(Type.String({ maxLength: 200 })),
    eventTypes: EventTypes,
  },
  { additionalProperties: false },
);
export type WebhookBody = Static<typeof WebhookBody>;

/** A change: switching it on again clears why it was switched off. */
export const WebhookPatch = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    eventTypes: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type WebhookPatch = Static<typeof WebhookPatch>;

/** Why a subscription is off: an admin switched it off, or a delivery failed for a day. */
export const WEBHOOK_DISABLED_REASONS = ['switchedOff', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const Webhook = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  description: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.Enum([...WEBHOOK_DISABLED_REASONS])),
  disabledAt: Nullable(DateTime),
  createdAt: DateTime,
  /** The last delivery attempted, and whether it went through. */
  lastDeliveryAt: Nullable(DateTime),
  lastDeliveryState: Nullable(Type.String()),
  /** The key its deliveries are signed with (whsec_…): for its admins, who set up the receiver. */
  secret: Type.String(),
});
export type Webhook = Static<typeof Webhook>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WebhookDelivery = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** The webhook-id header: the same on every attempt and replay of the event. */
  eventId: Type.String({ format: 'uuid' }),
  eventType: Type.String(),
  occurredAt: DateTime,
  state: Type.Enum([...WEBHOOK_DELIVERY_STATES]),
  attempts: Type.Integer(),
  /** When it is tried next, while pending. */
  nextAttemptAt: Nullable(DateTime),
  lastAttemptAt: Nullable(DateTime),
  responseStatus: Nullable(Type.Integer()),
  latencyMs: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  deliveredAt: Nullable(DateTime),
  createdAt: DateTime,
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
