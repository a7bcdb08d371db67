// Alerts (issue 18): the organisation's alerts at /alerts, read only; the app bar counts the unread.
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const alerts = {
  list: lazyScreen<object>(() => import('./AlertList.tsx')),
  icon: NotificationsActive,
} satisfies Omit<ResourceProps, 'name'>;
