// The assets module's face: equipment without a tracker of its own, and its labels. app.ts registers assetsModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { assetRoutes } from './routes.ts';

export const assetsModule: PortalModule = { name: 'assets', routes: assetRoutes };
