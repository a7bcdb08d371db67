// The admin module's face: what other modules and the app may use of it.
export { RecomputeRuns } from './recomputeRuns.ts';
export { adminRoutes } from './routes.ts';
