// The maps module's face: what other modules and the app may use of it.
export { localTimeIn, machineRoutes, routeTables } from './routeReport.ts';
export { mapRoutes } from './routes.ts';
export { sharedLocationRoutes } from './sharedRoutes.ts';
