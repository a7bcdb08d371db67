// The gateways module's face: radio gateways and what they heard. app.ts registers gatewaysModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { gatewayRoutes } from './routes.ts';

export { recordReceptions } from './receptions.ts';

export const gatewaysModule: PortalModule = { name: 'gateways', routes: gatewayRoutes };
