// The organisation's sensors: /sensors, and the device health dashboard at /sensors/dashboard.
import Sensors from '@mui/icons-material/Sensors';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const sensors = {
  list: lazyScreen(() => import('./SensorScreens.tsx').then((m) => ({ default: m.SensorList }))),
  icon: Sensors,
  recordRepresentation: 'code',
} satisfies Omit<ResourceProps, 'name'>;

export const SensorDashboardScreen = lazyScreen<object>(() =>
  import('./SensorScreens.tsx').then((m) => ({ default: m.SensorDashboardScreen })),
);

export const SensorServiceScreen = lazyScreen<object>(() => import('./SensorServicePage.tsx'));
