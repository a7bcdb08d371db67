// The alerts module's face: what other modules and the app may use of it.
export { ALERT_MAIL_WORDS } from './mailWords.ts';
export { alertListener, storeAlerts } from './raise.ts';
export { alertRoutes } from './routes.ts';
export {
  ALERT_COLUMNS,
  ALERT_JOINS,
  type AlertRow,
  alertSubscriptions,
  setAlertSubscriptions,
} from './service.ts';
export { silentDeviceAlerts } from './silent.ts';
