// The ingest module's face: the device webhooks, source keys and quarantine. app.ts registers ingestModule; other modules may call only what
// is exported here.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleContext, PortalModule } from '../../context.ts';
import { ingestRoutes, quarantineRoutes, sourceKeyRoutes } from './routes.ts';

export { storeUplinks } from './uplinks.ts';

/** The device webhooks: an ingest process serves these and the health checks only. */
export const deviceWebhooks: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  await app.register(ingestRoutes, { ...context, ingest: context.pipeline.ingest });
};

export const ingestModule: PortalModule = {
  name: 'ingest',
  open: deviceWebhooks,
  routes: async (app, context) => {
    await app.register(sourceKeyRoutes, context);
    await app.register(quarantineRoutes, context);
  },
};
