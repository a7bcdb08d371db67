// The machine report's columns: who and what a machine is, its activity metrics, its days.
import type { ActivityMetric, MachineRow } from '../../../../src/domain/api/machines.ts';
import type { ReportColumn } from '../../../documents/table.ts';
import { wallClockOf } from '../../../documents/wallClock.ts';

const HIRE_STATUS: Record<string, string> = { ON_HIRE: 'On hire', OFF_HIRE: 'Off hire' };

/** Who and what a machine row is, before its figures. */
export const MACHINE_COLUMNS: ReportColumn<MachineRow>[] = [
  { heading: 'Machine', value: (m) => m.name },
  { heading: 'Asset ID', value: (m) => m.assetID },
  { heading: 'Category', value: (m) => m.category },
  { heading: 'Type', value: (m) => m.type },
  { heading: 'Site', value: (m) => m.site },
  { heading: 'Customer', value: (m) => m.customer },
  { heading: 'Hire status', value: (m) => HIRE_STATUS[m.hiredStatus] ?? m.hiredStatus },
  { heading: 'Contract', value: (m) => m.contractNumber },
];

const METER_SOURCES: Record<string, string> = {
  oem: 'OEM feed',
  tracker: 'Tracker',
  computed: 'Computed',
};

/** The hour meter, with where it comes from and the reading it counts on from (issue 41). */
const hourMeterColumns = (localTime: (iso: string) => string): ReportColumn<MachineRow>[] => [
  { heading: 'Hour meter (h)', decimals: 1, value: (m) => m.hourMeter },
  {
    heading: 'Hour meter source',
    value: (m) => (m.hourMeterSource ? (METER_SOURCES[m.hourMeterSource] ?? null) : null),
  },
  {
    heading: 'Hour meter read at',
    value: (m) => (m.hourMeterReadAt ? localTime(m.hourMeterReadAt) : null),
  },
];

/** Each activity metric's heading with its unit, and how many decimals it deserves. */
const METRIC_HEADINGS: Record<ActivityMetric, [string, number]> = {
  outOfHours: ['Out of hours (h)', 1],
  rentalUtilisation: ['Rental utilisation (%)', 1],
  idleHours: ['Idle (h)', 1],
  idlePercentage: ['Idle (%)', 1],
  activeHours: ['Active (h)', 1],
  totalHours: ['Engine (h)', 1],
  offHours: ['Off (h)', 1],
  workingUtilisation: ['Working utilisation (%)', 1],
  fuelUtilisation: ['Fuel (l)', 1],
  emissionsUtilisation: ['CO2 (kg)', 1],
  tips: ['Tips', 0],
  fuelBurnRate: ['Fuel burn (l/h)', 2],
  fuelBurnPerKM: ['Fuel burn (l/km)', 2],
  operatorAvailabilityHours: ['Operator available (h)', 1],
  operatorAvailabilityPercentage: ['Operator available (%)', 1],
  totalRefillEvents: ['Refills', 0],
  avgPctTheftEvents: ['Fuel stolen (%)', 1],
  totalTheftEvents: ['Thefts', 0],
  payload: ['Payload (t)', 1],
  missingPercentage: ['Missing data (%)', 1],
};

export function metricColumn(metric: ActivityMetric): ReportColumn<MachineRow> {
  const [heading, decimals] = METRIC_HEADINGS[metric];
  return {
    heading,
    decimals,
    value: (m) => {
      const value = m.activitySummary[metric].value;
      // The list sends the share of time with data and shows 100 minus it (spec point 3).
      return metric === 'missingPercentage' && value !== null ? 100 - value : value;
    },
  };
}

/** The summary's columns: who and what, the metrics asked for, and the hour meter if asked. */
export const summaryColumns = (
  metrics: ActivityMetric[],
  hourMeter: boolean,
  timeZone: string,
): ReportColumn<MachineRow>[] => [
  ...MACHINE_COLUMNS,
  ...metrics.map(metricColumn),
  ...(hourMeter ? hourMeterColumns((iso) => wallClockOf(iso, timeZone)) : []),
];

/** One machine's day, for the daily report. */
export interface MachineDay {
  day: string;
  name: string;
  assetId: string | null;
  activeS: number;
  idleS: number;
  offS: number;
  missingS: number;
  brokendownS: number;
  outOfHoursS: number;
  fuelL: number;
  co2Kg: number;
  distanceM: number;
  refills: number;
  thefts: number;
}

const hours = (seconds: number) => seconds / 3600;

export const DAY_COLUMNS: ReportColumn<MachineDay>[] = [
  { heading: 'Date', value: (d) => d.day },
  { heading: 'Machine', value: (d) => d.name },
  { heading: 'Asset ID', value: (d) => d.assetId },
  { heading: 'Active (h)', decimals: 2, value: (d) => hours(d.activeS) },
  { heading: 'Idle (h)', decimals: 2, value: (d) => hours(d.idleS) },
  { heading: 'Off (h)', decimals: 2, value: (d) => hours(d.offS) },
  { heading: 'Missing (h)', decimals: 2, value: (d) => hours(d.missingS) },
  { heading: 'Broken down (h)', decimals: 2, value: (d) => hours(d.brokendownS) },
  { heading: 'Out of hours (h)', decimals: 2, value: (d) => hours(d.outOfHoursS) },
  { heading: 'Fuel (l)', decimals: 1, value: (d) => d.fuelL },
  { heading: 'CO2 (kg)', decimals: 1, value: (d) => d.co2Kg },
  { heading: 'Distance (km)', decimals: 1, value: (d) => d.distanceM / 1000 },
  { heading: 'Refills', decimals: 0, value: (d) => d.refills },
  { heading: 'Thefts', decimals: 0, value: (d) => d.thefts },
];
