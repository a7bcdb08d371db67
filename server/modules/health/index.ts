// The health module's face: liveness and readiness. app.ts registers healthModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { healthRoutes } from './routes.ts';

export const healthModule: PortalModule = {
  name: 'health',
  everyRole: async (app, context) => {
    await app.register(healthRoutes, context);
  },
};
