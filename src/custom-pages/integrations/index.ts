// The organisation's integrations screen, loaded when opened.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const IntegrationsScreen = lazyScreen(() => import('./IntegrationsScreen.tsx'));
