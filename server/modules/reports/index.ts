// The reports module's face: report files, schedules and their runs, made by the module's worker.
// app.ts registers reportsModule; other modules may call only what is exported here.
import type { PortalModule, WorkerHandle } from '../../context.ts';
import { reportFileRoutes } from './fileRoutes.ts';
import { reportMemberRoutes } from './memberRoutes.ts';
import { reportScheduleRoutes } from './scheduleRoutes.ts';
import { ReportWorker } from './worker.ts';

export { createSchedule } from './schedules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The report worker: tests wait on it with idle(). */
    reports: WorkerHandle;
  }
}

export const reportsModule: PortalModule = {
  name: 'reports',
  setUp: async (app, context) => {
    // Tests that keep a clock of their own give a worker that is never woken.
    const given = context.workers.reports;
    const reports = given ?? new ReportWorker({ ...context, log: app.log });
    app.decorate('reports', reports);
    app.addHook('onClose', () => reports.stop());
    if (!given && context.workers.poll && reports instanceof ReportWorker)
      app.addHook('onReady', async () => reports.start());
  },
  routes: async (app, context) => {
    const options = { ...context, wakeReports: () => app.reports.wake() };
    await app.register(reportFileRoutes, options);
    await app.register(reportScheduleRoutes, options);
    await app.register(reportMemberRoutes, options);
  },
};
