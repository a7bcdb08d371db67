// /map, the fleet map: its path, the link to it, and the screen, loaded on demand with retries.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';
import { links, PATHS } from '../../domain/paths.ts';

export const path = PATHS.map;
export const link = links.map;
export const FleetMapScreen = lazyScreen(() => import('./FleetMap.tsx'));
