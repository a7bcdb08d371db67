// The staff resource that configures single sign-on per e-mail domain.
import VpnKey from '@mui/icons-material/VpnKey';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const ssoProviders = {
  list: lazyScreen(() => import('./SsoProviderScreens.tsx')),
  create: lazyScreen(() =>
    import('./SsoProviderScreens.tsx').then((m) => ({ default: m.SsoProviderCreate })),
  ),
  edit: lazyScreen(() =>
    import('./SsoProviderScreens.tsx').then((m) => ({ default: m.SsoProviderEdit })),
  ),
  icon: VpnKey,
  recordRepresentation: 'emailDomain',
} satisfies Omit<ResourceProps, 'name'>;
