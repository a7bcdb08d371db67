// The webhooks module's face (issue 43, docs/integrations.md): an organisation's subscriptions to
// its events, posted by the Standard Webhooks convention from an outbox that the events' own
// transactions write (057_webhooks.sql), with retries for a day and a delivery log. app.ts
// registers webhooksModule; other modules call nothing of it: events reach it through the database.
import type { PortalModule } from '../../context.ts';
import { webhookDeliveryRoutes } from './deliveryRoutes.ts';
import { webhookRoutes } from './routes.ts';
import { WebhookWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook worker: tests run it at a clock of their own. */
    webhooks: WebhookWorker;
  }
}

export const webhooksModule: PortalModule = {
  name: 'webhooks',
  setUp: async (app, { db, config, workers }) => {
    const webhooks = new WebhookWorker({ db, config, log: app.log });
    app.decorate('webhooks', webhooks);
    app.addHook('onClose', () => webhooks.stop());
    if (workers.poll) app.addHook('onReady', async () => webhooks.start());
  },
  routes: async (app, context) => {
    await app.register(webhookRoutes, context);
    await app.register(webhookDeliveryRoutes, context);
  },
};
