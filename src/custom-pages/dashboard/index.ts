// /dashboard: its path, the link to it, and the screen, loaded on demand with retries like every
// screen past sign-in.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';
import { links, PATHS } from '../../domain/paths.ts';

export const path = PATHS.dashboard;
export const link = links.dashboard;
export const DashboardScreen = lazyScreen(() => import('./Dashboard.tsx'));
