// /qr: a device label's link, reached before or after signing in.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const QrScreen = lazyScreen(() => import('./QrPage.tsx'));
