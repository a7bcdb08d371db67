// The auth module's face: what other modules and the app may use of it.
export { followAccessChanges } from './accessChanges.ts';
export { issueTokens } from './issueTokens.ts';
export { authRoutes } from './routes.ts';
