// The machines module's face: the list, one machine's pages, its groups, settings, fuel and
// pictures. app.ts registers machinesModule; other modules may call only what is exported here.
import type { PortalModule } from '../../context.ts';
import { breakdownRoutes } from './breakdown.ts';
import { fuelRoutes } from './fuel.ts';
import { fuelCalibrationRoutes } from './fuelCalibrationRoutes.ts';
import { machineImageRoutes, registerMachineImages } from './image.ts';
import { machineInfoRoutes } from './info.ts';
import { onboardingRoutes } from './onboard.ts';
import { machineReportRoutes } from './report/routes.ts';
import { machineRoutes } from './routes.ts';
import { machineGroupRoutes } from './groupRoutes.ts';
import { machineSettingsRoutes } from './settingsRoutes.ts';
import { machineWriteRoutes } from './writes.ts';

export { listMachines } from './list.ts';
export { unassignedSource } from './onboard.ts';
export { listManufacturers } from './store.ts';
export { machineSettings } from './settings.ts';
export { assertOwnMachine, clipToPeriods, machineVisibility } from './visibility.ts';

export const machinesModule: PortalModule = {
  name: 'machines',
  open: registerMachineImages,
  routes: async (app, context) => {
    const withRollups = { ...context, rollups: context.pipeline.rollups };
    await app.register(machineRoutes, context);
    await app.register(machineWriteRoutes, context);
    await app.register(breakdownRoutes, withRollups);
    await app.register(machineGroupRoutes, context);
    await app.register(machineSettingsRoutes, withRollups);
    await app.register(fuelRoutes, withRollups);
    await app.register(fuelCalibrationRoutes, withRollups);
    await app.register(machineImageRoutes, context);
    await app.register(machineInfoRoutes, context);
    await app.register(machineReportRoutes, context);
    await app.register(onboardingRoutes, withRollups);
  },
};
