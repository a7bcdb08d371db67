// /heatmap: its path, the link to it, and the screen, loaded on demand with retries.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';
import { links, PATHS } from '../../domain/paths.ts';

export const path = PATHS.heatmap;
export const link = links.heatmap;
export const HeatmapScreen = lazyScreen(() => import('./Heatmap.tsx'));
