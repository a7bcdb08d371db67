// The health module's face: what other modules and the app may use of it.
export { Readiness } from './readiness.ts';
export { healthRoutes } from './routes.ts';
