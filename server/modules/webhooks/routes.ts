// /v1/organisation/webhooks (issue 43, docs/integrations.md): an organisation's admins subscribe
// their systems to its events, change and switch them off, and delete them; ra-data-simple-rest.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { Webhook, WebhookBody, WebhookPatch } from '../../../src/domain/api/webhooks.ts';
import type { ServerContext } from '../../context.ts';
import { sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from './store.ts';

export const tags = ['integrations'];
// The organisation's admins only: a webhook sends the organisation's data out.
export const config = { access: 'write' as const };
export const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** What the audit trail keeps of a webhook: never its secret. */
const audited = ({ secret: _secret, ...kept }: Webhook) => kept;

export const webhookRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config: settings },
) => {
  const allowPrivate = settings.webhookAllowPrivate;

  app.get(
    endpoints.organisation.webhooks,
    { config, schema: { tags, response: { 200: Type.Array(Webhook) } } },
    async (request, reply) => {
      const webhooks = await listWebhooks(db, request.auth.org);
      sendRange(reply, 'webhooks', 0, webhooks.length, webhooks.length);
      return webhooks;
    },
  );

  app.get(
    endpoints.organisation.webhook,
    { config, schema: { tags, params: Id, response: { 200: Webhook } } },
    async (request) => getWebhook(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.organisation.webhooks,
    { config, schema: { tags, body: WebhookBody, response: { 201: Webhook } } },
    async (request, reply) => {
      const { auth, body } = request;
      const webhook = await createWebhook(db, auth.org, auth.sub, body, allowPrivate);
      await auditRequest(db, request, 'webhook.created', audited(webhook));
      return reply.code(201).send(webhook);
    },
  );

  app.patch(
    endpoints.organisation.webhook,
    { config, schema: { tags, params: Id, body: WebhookPatch, response: { 200: Webhook } } },
    async (request) => {
      const { auth, params, body } = request;
      const webhook = await updateWebhook(db, auth.org, params.id, body, allowPrivate);
      await auditRequest(db, request, 'webhook.updated', { ...audited(webhook), changed: body });
      return webhook;
    },
  );

  app.delete(
    endpoints.organisation.webhook,
    { config, schema: { tags, params: Id, response: { 200: Webhook } } },
    async (request) => {
      const webhook = await deleteWebhook(db, request.auth.org, request.params.id);
      await auditRequest(db, request, 'webhook.deleted', audited(webhook));
      return webhook;
    },
  );
};
