// The sensors module's face: what other modules and the app may use of it.
export { sensorRoutes } from './routes.ts';
export { organisationSensors, problemsOf } from './service.ts';
