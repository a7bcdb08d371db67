// The orgs module's face: organisations and their settings. app.ts registers orgsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { organisationAdminRoutes } from './adminRoutes.ts';
import { organisationRoutes } from './routes.ts';

export { organisationByLoginDomain } from './adminSettings.ts';

export const orgsModule: PortalModule = {
  name: 'orgs',
  routes: async (app, context) => {
    await app.register(organisationRoutes, context);
    await app.register(organisationAdminRoutes, { ...context, rollups: context.pipeline.rollups });
  },
};
