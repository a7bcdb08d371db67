// The gateways module's face: what other modules and the app may use of it.
export { recordReceptions } from './receptions.ts';
export { gatewayRoutes } from './routes.ts';
