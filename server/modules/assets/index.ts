// The assets module's face: what other modules and the app may use of it.
export { assetRoutes } from './routes.ts';
