// GET /v1/portal/machines/report: the machine list, or its days, as a CSV, XLSX or PDF file (spec
// point 7; XLSX issue 40).
import Type, { type Static } from 'typebox';
import { Day } from './dates.ts';
import {
  ACTIVITY_METRICS,
  MACHINE_SHOW,
  MACHINE_SORT_KEYS,
  RangeBound,
  type ActivityMetric,
} from './machines.ts';

export const REPORT_TYPES = ['summary', 'daily'] as const;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The metric columns a summary report has when `options` does not choose. */
export const DEFAULT_REPORT_METRICS: ActivityMetric[] = [
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
  'missingPercentage',
];

export const MachineReportQuery = Type.Object(
  {
    start: Type.Optional(RangeBound),
    end: Type.Optional(RangeBound),
    /** Machines whose current hire ends between these days (both included). */
    expiry_start: Type.Optional(Day),
    expiry_end: Type.Optional(Day),
    /** summary: a row per machine; daily: a row per machine and day. */
    type: Type.Optional(Type.Enum(REPORT_TYPES)),
    /**
     * The summary's metric columns, comma-separated keys of the list's activity summary, and
     * `hourMeter` for the hour meter with its source and reading time.
     */
    options: Type.Optional(Type.String({ maxLength: 1000 })),
    site: Type.Optional(Type.String({ format: 'uuid' })),
    format: Type.Optional(Type.Enum(REPORT_FORMATS)),
    // The list's own selection, so a download holds what the list shows.
    filter: Type.Optional(Type.String({ maxLength: 4000 })),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    show: Type.Optional(Type.Enum(MACHINE_SHOW)),
    sort: Type.Optional(Type.Enum(MACHINE_SORT_KEYS)),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  },
  { additionalProperties: false },
);
export type MachineReportQuery = Static<typeof MachineReportQuery>;

/** The option that adds the hour meter's columns to the summary. */
export const HOUR_METER_OPTION = 'hourMeter';

/** Parses `options`; the unknown keys, if any, for the 400. */
export function reportMetrics(options: string | undefined): {
  metrics: ActivityMetric[];
  hourMeter: boolean;
  unknown: string[];
} {
  if (!options?.trim()) return { metrics: DEFAULT_REPORT_METRICS, hourMeter: false, unknown: [] };
  const keys = options
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const known = new Set<string>(ACTIVITY_METRICS);
  return {
    metrics: keys.filter((key): key is ActivityMetric => known.has(key)),
    hourMeter: keys.includes(HOUR_METER_OPTION),
    unknown: keys.filter((key) => !known.has(key) && key !== HOUR_METER_OPTION),
  };
}
