// Maintenance (issue 42): /maintenance (the due list) and /maintenance/plans (the templates), each
// loaded on demand, with retries.
import Build from '@mui/icons-material/Build';
import EventRepeat from '@mui/icons-material/EventRepeat';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const maintenance = {
  list: lazyScreen(() => import('./MaintenanceList.tsx')),
  icon: Build,
} satisfies Omit<ResourceProps, 'name'>;

export const servicePlans = {
  list: lazyScreen(() => import('./PlanScreens.tsx')),
  create: lazyScreen(() => import('./PlanScreens.tsx').then((m) => ({ default: m.PlanCreate }))),
  edit: lazyScreen(() => import('./PlanScreens.tsx').then((m) => ({ default: m.PlanEdit }))),
  icon: EventRepeat,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
