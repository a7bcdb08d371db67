// The audit trail as two read-only resources, loaded on demand: staff's over every organisation
// ('admin/audit') and an organisation's admins' over their own ('organisation/audit').
import History from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const adminAudit = {
  list: lazyScreen<object>(() => import('./StaffAuditList.tsx')),
  icon: History,
} satisfies Omit<ResourceProps, 'name'>;

export const organisationAudit = {
  list: lazyScreen<object>(() => import('./OrganisationAuditList.tsx')),
  icon: History,
} satisfies Omit<ResourceProps, 'name'>;
