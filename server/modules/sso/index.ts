// The sso module's face: what other modules and the app may use of it.
export { ssoProviderRoutes } from './adminRoutes.ts';
export { DEMO_SSO_DOMAIN, startDemoSso } from './demoSso.ts';
export { ssoRoutes } from './routes.ts';
