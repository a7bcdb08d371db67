// The hires module's face: a rental company's hires, written by hand or by its ERP (issue 41,
// docs/rental.md). app.ts registers hiresModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { hireActionRoutes } from './actionRoutes.ts';
import { hireErpRoutes } from './erpRoutes.ts';
import { hireRoutes } from './routes.ts';
import { hireUsageRoutes } from './usageRoutes.ts';

export { flaggedHires } from './flags.ts';
export { overuseInRange, type OveruseLine } from './overuse.ts';
export { recordImport } from './erp.ts';
export { recordHire, swapIn as recordSwap } from './writes.ts';
export { getHire } from './store.ts';

export const hiresModule: PortalModule = {
  name: 'hires',
  routes: async (app, context) => {
    const withRollups = { ...context, rollups: context.pipeline.rollups };
    await app.register(hireRoutes, withRollups);
    await app.register(hireActionRoutes, withRollups);
    await app.register(hireErpRoutes, withRollups);
    await app.register(hireUsageRoutes, context);
  },
};
