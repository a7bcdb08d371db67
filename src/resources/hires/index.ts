// The hires resource (/hires): list, show, create and edit load on demand, with retries.
import Handshake from '@mui/icons-material/Handshake';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const hires = {
  list: lazyScreen(() => import('./HireList.tsx')),
  show: lazyScreen(() => import('./HireShow.tsx')),
  create: lazyScreen(() => import('./HireForm.tsx').then((m) => ({ default: m.HireCreate }))),
  edit: lazyScreen(() => import('./HireForm.tsx').then((m) => ({ default: m.HireEdit }))),
  icon: Handshake,
  recordRepresentation: 'contractNumber',
} satisfies Omit<ResourceProps, 'name'>;
