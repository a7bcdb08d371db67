// The dashboard module's face: what other modules and the app may use of it.
export { dashboardRoutes } from './routes.ts';
export { categoryRows } from './service.ts';
