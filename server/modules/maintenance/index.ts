// The maintenance module's face: service plans whose tasks fall due by engine hours on the leading
// meter, by the calendar and by distance; each machine's due points and service records (issue 42,
// docs/maintenance.md). app.ts registers maintenanceModule; other modules may call only what is
// exported here.
import type { PortalModule } from '../../context.ts';
import { DueWorker } from './dueWorker.ts';
import { maintenanceListRoutes } from './listRoutes.ts';
import { planRoutes } from './planRoutes.ts';
import { serviceRoutes } from './serviceRoutes.ts';

export { dueTasks, planOrganisations, type DueTask } from './alerts.ts';
export { serviceHistory, type HistoryLine } from './history.ts';
export { dueRows } from './list.ts';
export { createPlan } from './plans.ts';
export { createService } from './services.ts';
export { overdueSafetyTasks } from './safety.ts';

export const maintenanceModule: PortalModule = {
  name: 'maintenance',
  // The api keeps the stored due points fresh where it looks for work on its own.
  setUp: async (app, { db, workers }) => {
    if (!workers.poll) return;
    const worker = new DueWorker(db, app.log);
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', () => worker.stop());
  },
  routes: async (app, context) => {
    await app.register(planRoutes, context);
    await app.register(serviceRoutes, context);
    await app.register(maintenanceListRoutes, context);
  },
};
