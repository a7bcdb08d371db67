// The site screens load on demand, with retries, like every screen past sign-in.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const SitesPortalScreen = lazyScreen(() => import('./SitesPortal.tsx'));
export const SiteFormScreen = lazyScreen(() => import('./SiteForm.tsx'));
export const GeofencesScreen = lazyScreen(() => import('./Geofences.tsx'));
export const SitesOverviewScreen = lazyScreen(() => import('./SitesOverview.tsx'));
export const SiteOverviewScreen = lazyScreen(() => import('./SiteOverview.tsx'));
export const ActivityTimelineScreen = lazyScreen(() => import('./ActivityTimeline.tsx'));
