// The ingest module's face: what other modules and the app may use of it.
export { ingestRoutes, quarantineRoutes, sourceKeyRoutes } from './routes.ts';
