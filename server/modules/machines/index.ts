// The machines module's face: what other modules may call. (Its routes are still registered from
// app.ts one by one; issue 39 moves them here.)
export { breakdownRoutes } from './breakdown.ts';
export { fuelRoutes } from './fuel.ts';
export { machineImageRoutes, registerMachineImages } from './image.ts';
export { machineInfoRoutes } from './info.ts';
export { listMachines } from './list.ts';
export { onboardingRoutes, unassignedSource } from './onboard.ts';
export { machineReportRoutes } from './report/routes.ts';
export { machineRoutes } from './routes.ts';
export { machineSettingsRoutes } from './settings.ts';
export { listManufacturers } from './store.ts';
export { clipToPeriods, machineVisibility } from './visibility.ts';
export { machineWriteRoutes } from './writes.ts';
