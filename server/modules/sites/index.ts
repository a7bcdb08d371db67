// The sites module's face: what other modules and the app may use of it.
export { sitesOverview } from './overview.ts';
export { siteRoutes } from './routes.ts';
export { listSites, sitesByIds, sitesOfHires, sitesOfOrganisationAndHires } from './service.ts';
