// /heatmap loads on demand, with retries, like every screen past sign-in.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const HeatmapScreen = lazyScreen(() => import('./Heatmap.tsx'));
