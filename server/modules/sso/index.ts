// The sso module's face: single sign-on (OpenID Connect and SAML). app.ts registers ssoModule;
// other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { ssoProviderRoutes } from './adminRoutes.ts';
import { loginOptionRoutes } from './loginOptions.ts';
import { ssoRoutes } from './routes.ts';
import { samlRoutes } from './samlRoutes.ts';

export { DEMO_SSO_DOMAIN, startDemoSso } from './demoSso.ts';

export const ssoModule: PortalModule = {
  name: 'sso',
  open: async (app, context) => {
    await app.register(loginOptionRoutes, context);
    await app.register(ssoRoutes, context);
    await app.register(samlRoutes, context);
  },
  routes: ssoProviderRoutes,
};
