// The staff resource of every organisation's settings (spec point 2: /admin/orgs/settings).
import Business from '@mui/icons-material/Business';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const organisationSettings = {
  list: lazyScreen(() =>
    import('./OrganisationSettingsScreens.tsx').then((m) => ({
      default: m.OrganisationSettingsList,
    })),
  ),
  edit: lazyScreen(() =>
    import('./OrganisationSettingsScreens.tsx').then((m) => ({
      default: m.OrganisationSettingsEdit,
    })),
  ),
  icon: Business,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
