// The secondFactor module's face: what other modules and the app may use of it.
export { secondFactorRoutes } from './routes.ts';
export { requiredBy, startSetup } from './secondFactor.ts';
export { secondFactorGate } from './signInGate.ts';
