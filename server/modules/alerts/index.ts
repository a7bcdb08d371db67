// The alerts module's face: alerts raised on the engine's commits and on silent devices, their
// subscriptions and their mails. app.ts registers alertsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { alertListener } from './raise.ts';
import { alertRoutes } from './routes.ts';
import { AlertWorker } from './worker.ts';

export { alertSubscriptions, setAlertSubscriptions } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert worker: tests run it at a clock of their own. */
    alerts: AlertWorker;
  }
}

export const alertsModule: PortalModule = {
  name: 'alerts',
  // The engine raises alerts as it commits, in whichever process it runs; the api's worker mails them.
  everyRole: async (app, { db, config, pipeline, workers }) => {
    const alerts = new AlertWorker({ db, config, log: app.log });
    app.decorate('alerts', alerts);
    app.addHook('onClose', () => alerts.stop());
    pipeline.rollups.onCommitted(
      alertListener(db, { raised: () => (workers.poll ? alerts.wake() : undefined) }),
    );
  },
  setUp: async (app, { workers }) => {
    if (workers.poll) app.addHook('onReady', async () => app.alerts.start());
  },
  routes: alertRoutes,
};
