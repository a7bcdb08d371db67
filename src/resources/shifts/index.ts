// The organisation's shifts: /admin/shifts, /admin/shifts/create and /admin/shifts/{id}.
import Schedule from '@mui/icons-material/Schedule';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const shifts = {
  list: lazyScreen(() => import('./ShiftScreens.tsx')),
  create: lazyScreen(() => import('./ShiftScreens.tsx').then((m) => ({ default: m.ShiftCreate }))),
  edit: lazyScreen(() => import('./ShiftScreens.tsx').then((m) => ({ default: m.ShiftEdit }))),
  icon: Schedule,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
