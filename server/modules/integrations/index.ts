// The integrations module's face: what other modules and the app may use of it.
export { customTokenRoutes } from './customTokenRoutes.ts';
