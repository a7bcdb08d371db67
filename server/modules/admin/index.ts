// The admin module's face: the staff's views of the fleet, devices and recomputes. app.ts
// registers adminModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { RecomputeRuns } from './recomputeRuns.ts';
import { deviceRoutes } from './deviceRoutes.ts';
import { adminRoutes } from './routes.ts';

export const adminModule: PortalModule = {
  name: 'admin',
  routes: async (app, context) => {
    const recomputes = new RecomputeRuns(context.db, context.pipeline.rollups, app.log);
    // A run left queued or running by the process before this one ended with it.
    await recomputes.failInterrupted();
    const options = {
      ...context,
      rollups: context.pipeline.rollups,
      meter: context.pipeline.meter,
      recomputes,
    };
    await app.register(adminRoutes, options);
    await app.register(deviceRoutes, options);
  },
};
