// /routes: its path, the link to it, and the screen, loaded on demand with retries.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';
import { links, PATHS } from '../../domain/paths.ts';

export const path = PATHS.routes;
export const link = links.routes;
export const RoutesScreen = lazyScreen(() => import('./RoutesPage.tsx'));
