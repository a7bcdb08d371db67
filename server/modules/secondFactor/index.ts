// The secondFactor module's face: the second sign-in step (TOTP). app.ts registers secondFactorModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { secondFactorRoutes } from './routes.ts';

export { requiredBy, startSetup } from './secondFactor.ts';
export { secondFactorGate } from './signInGate.ts';

export const secondFactorModule: PortalModule = {
  name: 'secondFactor',
  routes: secondFactorRoutes,
};
