// The clientErrors module's face: errors the portal reports from the browser. app.ts registers clientErrorsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { clientErrorRoutes } from './routes.ts';

export const clientErrorsModule: PortalModule = { name: 'clientErrors', open: clientErrorRoutes };
