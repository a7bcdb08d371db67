// The machine groups resource: list, create and edit load on demand, with retries.
import Workspaces from '@mui/icons-material/Workspaces';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const groups = {
  list: lazyScreen(() => import('./GroupList.tsx')),
  create: lazyScreen(() => import('./GroupEdit.tsx').then((m) => ({ default: m.GroupCreate }))),
  edit: lazyScreen(() => import('./GroupEdit.tsx').then((m) => ({ default: m.GroupEdit }))),
  icon: Workspaces,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
