// The users module's face: users, memberships, invitations and own settings. app.ts registers
// usersModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { userDirectoryRoutes } from './directoryRoutes.ts';
import { invitationLinkRoutes } from './invitationLinkRoutes.ts';
import { invitationRoutes } from './invitationRoutes.ts';
import { memberSessionRoutes } from './memberSessionRoutes.ts';
import { memberWriteRoutes } from './memberWriteRoutes.ts';
import { userRoutes } from './routes.ts';

export { findUserForSignIn, getMemberships, type Membership, recordSignIn } from './service.ts';

export const usersModule: PortalModule = {
  name: 'users',
  routes: async (app, context) => {
    await app.register(userRoutes, context);
    await app.register(userDirectoryRoutes, context);
    await app.register(memberWriteRoutes, context);
    await app.register(memberSessionRoutes, context);
    await app.register(invitationRoutes, context);
    await app.register(invitationLinkRoutes, context);
  },
};
