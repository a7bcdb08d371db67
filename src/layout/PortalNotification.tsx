// Notifications stay 6000 ms unless a call says otherwise (spec point 9).
import { Notification } from 'react-admin';
import { NOTIFICATION_TIMEOUT_MS } from '../domain/constants.ts';

export function PortalNotification() {
  return <Notification autoHideDuration={NOTIFICATION_TIMEOUT_MS} />;
}
