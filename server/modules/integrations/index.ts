// The integrations module's face: custom API tokens for other systems. app.ts registers integrationsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { customTokenRoutes } from './customTokenRoutes.ts';

export const integrationsModule: PortalModule = { name: 'integrations', open: customTokenRoutes };
