// The shifts module's face: working shifts. app.ts registers shiftsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { shiftRoutes } from './routes.ts';

export const shiftsModule: PortalModule = {
  name: 'shifts',
  routes: async (app, context) => {
    await app.register(shiftRoutes, { ...context, rollups: context.pipeline.rollups });
  },
};
