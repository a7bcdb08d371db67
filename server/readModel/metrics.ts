// The activity metrics of spec point 3 from summed rollups (docs/activity.md, "Machine list metrics").
import type { ActivitySummary } from '../../src/domain/api/machines.ts';
import { weekdaysBetween } from './workingDays.ts';

/** A machine's (or a fleet's) rollups summed over the range, and its hire contracts' parts. */
export interface ActivityColumns {
  activity_days: number;
  active_s: number | null;
  idle_s: number | null;
  off_s: number | null;
  missing_s: number | null;
  out_of_hours_s: number | null;
  fuel_l: number | null;
  fuel_estimated: boolean | null;
  co2_kg: number | null;
  distance_m: number | null;
  refills: number | null;
  thefts: number | null;
  theft_l: number | null;
  /** The first day with a rollup in the range (yyyy-MM-dd). */
  first_day: string | null;
  rental_active_s: number | null;
  rental_available_s: number | null;
}

export const hours = (seconds: number | null) => (seconds === null ? null : seconds / 3600);
export const ratio = (part: number | null, whole: number | null, scale = 100) =>
  part === null || whole === null || whole === 0 ? null : (part / whole) * scale;

/** Hours a machine is expected to work on a working day, until contracts and shifts say otherwise. */
const WORKING_HOURS_PER_DAY = 8;

/** The days a range covers, for utilisation: inclusive, never past today. */
export interface RangeDays {
  fromDay: string | null;
  toDay: string | null;
  today: string;
}

/** Hours available for work from the later of the range's start and the first day with data, to
 * the earlier of the range's end and today: weekdays at WORKING_HOURS_PER_DAY. */
export function availableSeconds(firstDay: string | null, range: RangeDays): number {
  if (!firstDay) return 0;
  const from = range.fromDay && range.fromDay > firstDay ? range.fromDay : firstDay;
  const to = range.toDay && range.toDay < range.today ? range.toDay : range.today;
  return weekdaysBetween(from, to) * WORKING_HOURS_PER_DAY * 3600;
}

/**
 * The activity metrics of spec point 3 from summed rollups (a machine's, or a fleet's), with the
 * seconds available for work over the same machines; metrics without data stay null.
 */
export function activitySummary(row: ActivityColumns, availableS: number): ActivitySummary {
  // A machine on hire that never ran still earned its contract nothing: 0 %, not unknown.
  const rental = ratio(row.rental_active_s, row.rental_available_s);
  // One literal, not built key by key: the list makes one for each of 10,000 machines.
  const has = row.activity_days > 0;
  const engineS = (row.active_s ?? 0) + (row.idle_s ?? 0);
  const recordedS = engineS + (row.off_s ?? 0) + (row.missing_s ?? 0);
  const known = (value: number | null) => ({ value: has ? value : null });
  return {
    outOfHours: known(hours(row.out_of_hours_s)),
    rentalUtilisation: { value: rental },
    idleHours: known(hours(row.idle_s)),
    idlePercentage: known(ratio(row.idle_s, engineS)),
    activeHours: known(hours(row.active_s)),
    totalHours: known(hours(engineS)),
    offHours: known(hours(row.off_s)),
    workingUtilisation: known(availableS > 0 ? ratio(row.active_s, availableS) : null),
    fuelUtilisation: known(row.fuel_l),
    emissionsUtilisation: known(row.co2_kg),
    tips: { value: null },
    fuelBurnRate: known(ratio(row.fuel_l, engineS, 3600)),
    fuelBurnPerKM: known(row.distance_m ? ratio(row.fuel_l, row.distance_m, 1000) : null),
    operatorAvailabilityHours: { value: null },
    operatorAvailabilityPercentage: { value: null },
    totalRefillEvents: known(row.refills),
    // The share of the fuel that left the tank that was stolen.
    avgPctTheftEvents: known(
      row.thefts ? ratio(row.theft_l, (row.fuel_l ?? 0) + (row.theft_l ?? 0)) : 0,
    ),
    totalTheftEvents: known(row.thefts),
    payload: { value: null },
    // Shown as 100 minus the value: the value is the share of time with data.
    missingPercentage: known(ratio(recordedS - (row.missing_s ?? 0), recordedS)),
  };
}
