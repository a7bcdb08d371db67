// The iso module's face (issue 43, docs/integrations.md): the organisation's fleet served as ISO
// 15143-3 (AEMP 2.0) snapshots to its API clients. app.ts registers isoModule; other modules may
// call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { isoRoutes } from './routes.ts';

export const isoModule: PortalModule = {
  name: 'iso',
  routes: async (app, context) => {
    await app.register(isoRoutes, context);
  },
};
