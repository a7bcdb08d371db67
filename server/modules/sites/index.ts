// The sites module's face: sites and their overview. app.ts registers sitesModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { siteRoutes } from './routes.ts';

export { sitesOverview } from './overview.ts';
export { listSites, sitesByIds, sitesOfHires, sitesOfOrganisationAndHires } from './service.ts';

export const sitesModule: PortalModule = { name: 'sites', routes: siteRoutes };
