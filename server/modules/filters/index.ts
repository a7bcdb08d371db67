// The filters module's face: what other modules and the app may use of it.
export { filterWithPairs } from './pairs.ts';
export { filterRoutes } from './routes.ts';
