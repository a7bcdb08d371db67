// The productivity figure an organisation's dashboard leads with (spec point 6): a rental company
// sells hours on hire, so it ranks by rental utilisation; an organisation that works its own or
// hired machines ranks by the share of its working hours they were active.
import type { UTILISATION_METRICS } from './api/dashboard.ts';
import type { OrganisationType } from './constants.ts';

export type ProductivityLabel = 'active' | 'productivity' | 'utilisation';
export type UtilisationMetric = (typeof UTILISATION_METRICS)[number];

export const PRODUCTIVITY: Record<
  OrganisationType,
  { label: ProductivityLabel; metric: UtilisationMetric }
> = {
  rental: { label: 'utilisation', metric: 'rentalUtilisation' },
  'rental-end-user': { label: 'productivity', metric: 'workingUtilisation' },
  'end-user': { label: 'active', metric: 'workingUtilisation' },
};
