// A webhook's delivery log, its replay and a test send (issue 43, docs/integrations.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import {
  WEBHOOK_DELIVERY_STATES,
  WebhookDelivery,
  type WebhookDeliveryState,
} from '../../../src/domain/api/webhooks.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import { getDelivery, listDeliveries, queueTestEvent, replayDelivery } from './deliveries.ts';
import { config, Id, tags } from './routes.ts';
import { getWebhook } from './store.ts';

const DeliveryId = Type.Object({
  id: Type.String({ format: 'uuid' }),
  deliveryId: Type.String({ format: 'uuid' }),
});

function stateFilter(filter: Record<string, unknown>): WebhookDeliveryState | null {
  const { state } = filter;
  if (state === undefined || state === null || state === '') return null;
  if (!WEBHOOK_DELIVERY_STATES.some((known) => known === state))
    throw badRequest('filter', `filter.state must be one of ${WEBHOOK_DELIVERY_STATES.join(', ')}`);
  return state as WebhookDeliveryState;
}

export const webhookDeliveryRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    endpoints.organisation.webhookDeliveries,
    {
      config,
      schema: {
        tags,
        params: Id,
        querystring: SimpleListQuery,
        response: { 200: Type.Array(WebhookDelivery) },
      },
    },
    async (request, reply) => {
      const { offset, limit, filter } = readListParams(request.query, []);
      await getWebhook(db, request.auth.org, request.params.id);
      const page = await listDeliveries(db, request.auth.org, request.params.id, {
        offset,
        limit,
        state: stateFilter(filter),
      });
      sendRange(reply, 'deliveries', offset, page.rows.length, page.total);
      return page.rows;
    },
  );

  app.post(
    endpoints.organisation.webhookReplay,
    { config, schema: { tags, params: DeliveryId, response: { 200: WebhookDelivery } } },
    async (request) => {
      const { id, deliveryId } = request.params;
      const delivery = await replayDelivery(db, request.auth.org, id, deliveryId, new Date());
      await auditRequest(db, request, 'webhook.replayed', {
        webhookId: id,
        deliveryId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
      });
      app.webhooks.wake();
      return delivery;
    },
  );

  // Posts a webhook.test event now and answers with how it went, switched on or not: the way to
  // check a receiver before switching it on again.
  app.post(
    endpoints.organisation.webhookTest,
    { config, schema: { tags, params: Id, response: { 200: WebhookDelivery } } },
    async (request) => {
      const { org } = request.auth;
      const now = Date.now();
      const deliveryId = await queueTestEvent(db, org, request.params.id, new Date(now));
      await app.webhooks.attemptNow(deliveryId, now);
      return getDelivery(db, org, request.params.id, deliveryId);
    },
  );
};
