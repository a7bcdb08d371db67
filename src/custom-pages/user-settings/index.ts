// The user's own settings screen, loaded when opened.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const UserSettingsScreen = lazyScreen(() => import('./UserSettingsPage.tsx'));
