// The staff admin area's screens (spec point 2, "Admin"), each loaded on demand with retries.
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const AdminHomeScreen = lazyScreen(() => import('./AdminHome.tsx'));
export const TeltonikaScreen = lazyScreen(() => import('./TeltonikaPage.tsx'));
export const AryaScreen = lazyScreen(() => import('./AryaPage.tsx'));
export const AndroidScreen = lazyScreen(() => import('./AndroidPage.tsx'));
export const CompletenessScreen = lazyScreen(() => import('./CompletenessPage.tsx'));
export const CoverageScreen = lazyScreen(() => import('./CoveragePage.tsx'));
export const MachineWorkingsScreen = lazyScreen(() => import('./MachineWorkingsPage.tsx'));
export const OemFeedsScreen = lazyScreen(() => import('./OemFeedsPage.tsx'));
export const OutboxScreen = lazyScreen(() => import('./OutboxPage.tsx'));
export { StaffGate } from './StaffGate.tsx';
