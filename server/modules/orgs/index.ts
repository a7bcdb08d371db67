// The orgs module's face: what other modules and the app may use of it.
export { organisationAdminRoutes } from './adminRoutes.ts';
export { organisationByLoginDomain } from './adminSettings.ts';
export { organisationRoutes } from './routes.ts';
