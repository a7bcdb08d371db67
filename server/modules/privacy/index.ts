// The privacy module's face (issue 45, docs/privacy.md): retention per organisation with its
// nightly run. app.ts registers privacyModule; other modules call nothing of it.
import type { PortalModule } from '../../context.ts';
import { retentionRoutes } from './retentionRoutes.ts';
import { RetentionWorker } from './retentionWorker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention run: tests apply it at a clock of their own. */
    retention: RetentionWorker;
  }
}

export const privacyModule: PortalModule = {
  name: 'privacy',
  setUp: async (app, { db, config, readModel, workers }) => {
    const retention = new RetentionWorker({ db, config, readModel, log: app.log });
    app.decorate('retention', retention);
    app.addHook('onClose', () => retention.stop());
    if (workers.poll) app.addHook('onReady', async () => retention.start());
  },
  routes: retentionRoutes,
};
