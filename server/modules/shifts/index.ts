// The shifts module's face: what other modules and the app may use of it.
export { shiftRoutes } from './routes.ts';
