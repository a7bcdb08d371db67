// The checks module's face: on-hire and off-hire checks (issue 44): the organisation's checklists
// and the checks its yard records on hires. app.ts registers checksModule; the demo
// writes its check lists and checks through the calls exported here.
import type { PortalModule } from '../../context.ts';
import { hireCheckRoutes } from './hireCheckRoutes.ts';
import { sheetRoutes } from './sheetRoutes.ts';
import { checkTemplateRoutes } from './templateRoutes.ts';

export { recordCheck } from './hireChecks.ts';
export { createTemplate, hireTemplate } from './templates.ts';

export const checksModule: PortalModule = {
  name: 'checks',
  routes: async (app, context) => {
    await app.register(checkTemplateRoutes, context);
    await app.register(hireCheckRoutes, context);
    await app.register(sheetRoutes, context);
  },
};
