// The privacy module's face (issue 45, docs/privacy.md): retention per organisation with its
// nightly run, and exports and erasures done in the background with their signed links and
// receipts. app.ts registers privacyModule; other modules call nothing of it.
import type { PortalModule } from '../../context.ts';
import { PrivacyJobWorker } from './jobWorker.ts';
import { privacyJobRoutes } from './jobRoutes.ts';
import { privacyOpenRoutes } from './openRoutes.ts';
import { retentionRoutes } from './retentionRoutes.ts';
import { staffErasureRoutes } from './staffErasureRoutes.ts';
import { RetentionWorker } from './retentionWorker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention run: tests apply it at a clock of their own. */
    retention: RetentionWorker;
    /** Exports and erasures: tests wait for them. */
    privacyJobs: PrivacyJobWorker;
  }
}

export const privacyModule: PortalModule = {
  name: 'privacy',
  setUp: async (app, context) => {
    const { workers } = context;
    const retention = new RetentionWorker({ ...context, log: app.log });
    const jobs = new PrivacyJobWorker({ ...context, log: app.log });
    app.decorate('retention', retention);
    app.decorate('privacyJobs', jobs);
    app.addHook('onClose', async () => {
      await retention.stop();
      await jobs.stop();
    });
    if (workers.poll)
      app.addHook('onReady', async () => {
        retention.start();
        jobs.start();
      });
  },
  open: privacyOpenRoutes,
  routes: async (app, context) => {
    await app.register(retentionRoutes, context);
    const wake = () => app.privacyJobs.wake();
    await app.register(privacyJobRoutes, { ...context, wake });
    await app.register(staffErasureRoutes, { ...context, wake });
  },
};
