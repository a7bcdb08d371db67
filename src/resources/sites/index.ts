// The sites resource and the site screens, loaded on demand with retries like every screen past
// sign-in. The resource's list, create and edit are also reached by the spec's paths (App.tsx).
import Place from '@mui/icons-material/Place';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const SitesPortalScreen = lazyScreen(() => import('./SitesPortal.tsx'));
export const SiteFormScreen = lazyScreen(() => import('./SiteForm.tsx'));
export const GeofencesScreen = lazyScreen(() => import('./Geofences.tsx'));
export const SitesOverviewScreen = lazyScreen(() => import('./SitesOverview.tsx'));
export const SiteOverviewScreen = lazyScreen(() => import('./SiteOverview.tsx'));
export const ActivityTimelineScreen = lazyScreen(() => import('./ActivityTimeline.tsx'));

export const sites = {
  list: SitesPortalScreen,
  create: SiteFormScreen,
  edit: SiteFormScreen,
  icon: Place,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
