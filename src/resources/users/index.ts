// The users resources: one organisation's people (/users) and a rental company's customers'
// (/portal/users), with their details and the page that invites many at once.
import People from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

const edit = lazyScreen(() => import('./UserEdit.tsx'));

export const users = {
  list: lazyScreen(() => import('./UserList.tsx')),
  edit,
  icon: People,
  recordRepresentation: 'email',
} satisfies Omit<ResourceProps, 'name'>;

export const portalUsers = {
  list: lazyScreen(() => import('./UserList.tsx').then((m) => ({ default: m.PortalUserList }))),
  edit,
  // Staff only (the list offers it to staff; the server refuses everyone else).
  create: lazyScreen(() => import('./UserCreate.tsx')),
  icon: People,
  recordRepresentation: 'email',
} satisfies Omit<ResourceProps, 'name'>;

export const MultipleInviteScreen = lazyScreen(() => import('./MultipleInvite.tsx'));
