// An organisation's webhooks (issue 43, docs/integrations.md): listed, made, changed, switched on
// and off, deleted, tested, and their delivery log read and replayed, for /organisation/integrations.
import type { ApiClient } from '../api/apiClient.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';
import type {
  Webhook,
  WebhookBody,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookPatch,
} from '../domain/api/webhooks.ts';

export const webhookKeys = {
  all: ['webhooks'],
  deliveries: (id: string, state: WebhookDeliveryState | null) => [
    'webhooks',
    id,
    'deliveries',
    state,
  ],
};

/** The newest deliveries a log shows at once. */
export const DELIVERY_PAGE_ROWS = 50;

export function webhookCalls(client: ApiClient) {
  const { webhooks, webhook, webhookTest, webhookDeliveries, webhookReplay } =
    endpoints.organisation;
  return {
    listWebhooks: (signal?: AbortSignal) => client.request<Webhook[]>(webhooks, { signal }),
    createWebhook: (body: WebhookBody) =>
      client.request<Webhook>(webhooks, { method: 'POST', body }),
    updateWebhook: (id: string, body: WebhookPatch) =>
      client.request<Webhook>(pathTo(webhook, { id }), { method: 'PATCH', body }),
    deleteWebhook: (id: string) =>
      client.request<Webhook>(pathTo(webhook, { id }), { method: 'DELETE' }),
    testWebhook: (id: string) =>
      client.request<WebhookDelivery>(pathTo(webhookTest, { id }), { method: 'POST' }),
    /** The newest deliveries, with how many there are in all. */
    listWebhookDeliveries: async (
      id: string,
      state: WebhookDeliveryState | null,
      signal?: AbortSignal,
    ) => {
      const query = new URLSearchParams({
        range: JSON.stringify([0, DELIVERY_PAGE_ROWS - 1]),
        ...(state ? { filter: JSON.stringify({ state }) } : {}),
      });
      const reply = await client.exchange<WebhookDelivery[]>(
        `${pathTo(webhookDeliveries, { id })}?${query}`,
        { signal },
      );
      const total = Number(/\/(\d+)$/.exec(reply.headers.get('content-range') ?? '')?.[1]);
      return { rows: reply.body, total: Number.isFinite(total) ? total : reply.body.length };
    },
    replayWebhookDelivery: (id: string, deliveryId: string) =>
      client.request<WebhookDelivery>(pathTo(webhookReplay, { id, deliveryId }), {
        method: 'POST',
      }),
  };
}
