// The organisation's privacy screen, loaded when opened.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const PrivacyScreen = lazyScreen(() => import('./PrivacyScreen.tsx'));
