// The organisation's brand screen, loaded when opened.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const BrandConfigurationScreen = lazyScreen(() => import('./BrandConfigurationPage.tsx'));
