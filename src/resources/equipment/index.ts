// Equipment assets (issue 17): the overview at /equipment, the list at /equipment/assets/list
// (and /equipment/assets), an asset's details, fitting a tracker, and the short link on a label.
import Rv from '@mui/icons-material/RvHookup';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const AssetListScreen = lazyScreen<object>(() =>
  import('./AssetList.tsx').then((m) => ({ default: m.AssetList })),
);

export const equipmentAssets = {
  list: AssetListScreen,
  icon: Rv,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;

export const EquipmentOverviewScreen = lazyScreen<object>(() => import('./EquipmentOverview.tsx'));
export const AssetDetailsScreen = lazyScreen<object>(() => import('./AssetDetails.tsx'));
export const AssetOnboardScreen = lazyScreen<object>(() => import('./AssetOnboard.tsx'));
export const AssetLabelScreen = lazyScreen<object>(() => import('./AssetLabelLink.tsx'));
