// The files module's face: what other modules and the app may use of it.
export { documentRoutes } from './routes.ts';
