// The auth module's face: sign-in, tokens and sessions. app.ts registers authModule; other
// modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { followAccessChanges } from './accessChanges.ts';
import { signInRoutes } from './signInRoutes.ts';
import { ownSessionRoutes } from './ownSessionRoutes.ts';
import { sessionRoutes } from './sessionRoutes.ts';

export { issueTokens } from './issueTokens.ts';

export const authModule: PortalModule = {
  name: 'auth',
  setUp: async (app, context) => {
    // Sessions ended and organisations changed by other processes are forgotten here at once.
    const unfollow = await followAccessChanges(context.db, context);
    app.addHook('onClose', unfollow);
  },
  open: async (app, context) => {
    await app.register(signInRoutes, context);
    await app.register(sessionRoutes, context);
  },
  routes: ownSessionRoutes,
};
