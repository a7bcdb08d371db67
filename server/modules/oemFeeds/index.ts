// The oemFeeds module's face: what other modules and the app may use of it.
export { oemFeedRoutes } from './routes.ts';
