// The machines resource: its list loads on demand, with retries.
import type { ResourceProps } from 'react-admin';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import { lazyScreen } from '../../lazy/lazyScreen.tsx';

export const machines = {
  list: lazyScreen(() => import('./MachineList.tsx')),
  icon: PrecisionManufacturing,
  recordRepresentation: 'name',
} satisfies Omit<ResourceProps, 'name'>;
