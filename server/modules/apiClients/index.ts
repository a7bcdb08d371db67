// The apiClients module's face (issue 43, docs/integrations.md): API clients an organisation's
// admins make for its other systems, and the OAuth 2.0 token endpoint they sign in at. Their
// tokens pass the routes that declare one of their scopes (plugins/access.ts). app.ts registers
// apiClientsModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { apiClientRoutes } from './routes.ts';
import { tokenRoutes } from './tokenRoutes.ts';

export const apiClientsModule: PortalModule = {
  name: 'apiClients',
  // The token endpoint takes a form, as sign-in takes JSON: outside the upload scope.
  open: async (app, context) => {
    await app.register(tokenRoutes, context);
  },
  routes: async (app, context) => {
    await app.register(apiClientRoutes, context);
  },
};
