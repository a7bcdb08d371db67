// The machine list's columns the chooser shows or hides, and the report options of those shown: a
// download holds the columns the list shows.
import { useStore } from 'react-admin';
import { HOUR_METER_OPTION } from '../../../domain/api/machineReport.ts';
import type { ActivityMetric } from '../../../domain/api/machines.ts';

/** The metric columns the list offers, in order; the column chooser shows or hides each. */
export const METRIC_COLUMNS: ActivityMetric[] = [
  'activeHours',
  'idleHours',
  'offHours',
  'totalHours',
  'outOfHours',
  'idlePercentage',
  'rentalUtilisation',
  'workingUtilisation',
  'fuelUtilisation',
  'emissionsUtilisation',
  'fuelBurnRate',
  'totalRefillEvents',
  'totalTheftEvents',
  'missingPercentage',
];

/** Shown until the user chooses otherwise; the chooser keeps the choice in the store. */
export const HIDDEN_BY_DEFAULT = [
  'contractNumber',
  'group',
  'oem',
  'offHours',
  'totalHours',
  'idlePercentage',
  'workingUtilisation',
  'emissionsUtilisation',
  'fuelBurnRate',
  'totalRefillEvents',
  'totalTheftEvents',
  'missingPercentage',
  'hourMeter',
];

/** Where the column chooser keeps the hidden columns: react-admin's DataTable store key. */
const HIDDEN_COLUMNS_KEY = 'machines.datatable';

/** The report's `options` for the columns shown now: their metrics, and the hour meter. */
export function useShownReportOptions(): string {
  const [hidden] = useStore<string[]>(HIDDEN_COLUMNS_KEY, HIDDEN_BY_DEFAULT);
  return [...METRIC_COLUMNS, HOUR_METER_OPTION]
    .filter((column) => !hidden.includes(column))
    .join(',');
}
