// The dashboard module's face: the dashboard's figures. app.ts registers dashboardModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { dashboardRoutes } from './routes.ts';

export { categoryRows } from './service.ts';

export const dashboardModule: PortalModule = { name: 'dashboard', routes: dashboardRoutes };
