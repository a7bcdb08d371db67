// The clientErrors module's face: what other modules and the app may use of it.
export { clientErrorRoutes } from './routes.ts';
