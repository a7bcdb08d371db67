// The machines resource and its details screen; both load on demand, with retries.
import type { ResourceProps } from 'react-admin';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

/** /machines/:id, the spec's path for one machine (a custom route, not react-admin's show path). */
export const MachineDetailsScreen = lazyScreen(() => import('./details/MachineDetails.tsx'));

/** /machines/onboard?sensor=: attach an unassigned device to a machine. */
export const MachineOnboardScreen = lazyScreen(() => import('./onboard/MachineOnboard.tsx'));

export const machines = {
  list: lazyScreen(() => import('./MachineList.tsx')),
  icon: PrecisionManufacturing,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
