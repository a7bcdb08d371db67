// The users module's face: what other modules and the app may use of it.
export { userDirectoryRoutes } from './directoryRoutes.ts';
export { invitationRoutes } from './invitationRoutes.ts';
export { userRoutes } from './routes.ts';
export { findUserForSignIn, getMemberships, type Membership, recordSignIn } from './service.ts';
