// The filters module's face: saved filters. app.ts registers filtersModule; other modules may call only what
// is exported here.
import type { PortalModule } from '../../context.ts';
import { filterRoutes } from './routes.ts';

export { filterWithPairs } from './pairs.ts';

export const filtersModule: PortalModule = { name: 'filters', routes: filterRoutes };
