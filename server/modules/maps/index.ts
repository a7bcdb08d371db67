// The maps module's face: maps, routes, trips, heat and shared locations. app.ts registers
// mapsModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { mapRoutes } from './routes.ts';
import { sharedLocationRoutes } from './sharedRoutes.ts';
import { trackRoutes } from './trackRoutes.ts';

export { localTimeIn, routesOfMachines, routeTables } from './routeReport.ts';

export const mapsModule: PortalModule = {
  name: 'maps',
  open: sharedLocationRoutes,
  routes: async (app, context) => {
    await app.register(mapRoutes, context);
    await app.register(trackRoutes, context);
  },
};
