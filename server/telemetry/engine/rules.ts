// Every rule and threshold of the activity engine, in one place; docs/activity.md explains each.
import type { ShiftRule } from '../../../src/domain/shifts.ts';

/** Engine speed above which a running engine is working, not idling (most plant idles at 700–900 rpm). */
export const WORKING_RPM = 1000;
/** Ground speed above which a machine is working (travelling), whatever else it reports. */
export const WORKING_SPEED_KMH = 3;
/** Activity-sensor level (0–100) at or above which the machine is working. */
export const WORKING_ACTIVITY_LEVEL = 30;
/** Activity-sensor level at or above which the engine is taken to be running. */
export const RUNNING_ACTIVITY_LEVEL = 5;
/** Idle runs shorter than this between working runs count as working. */
export const IDLE_GRACE_S = 120;
/** A gap longer than this many expected reporting intervals is missing data, never "off". */
export const MISSING_FACTOR = 3;
/** How often a device reports while its engine is off, when the source does not say. */
export const DEFAULT_EXPECTED_INTERVAL_OFF_S = 3600;

/**
 * How long a device must have reported (first record to latest) before the engine has seen it both
 * running and off, and so the intervals its "off" and "missing" rest on: until then its machine
 * is learning (isLearning in the list).
 */
export const LEARNING_PERIOD_S = 24 * 3600;

/** Out-of-hours runs shorter than this are ignored. */
export const OUT_OF_HOURS_GRACE_S = 300;
/** Shifts until an organisation sets its own: Monday to Friday, 07:00 to 18:00 local time. */
export const DEFAULT_SHIFT = {
  weekdays: [1, 2, 3, 4, 5],
  startMinute: 7 * 60,
  endMinute: 18 * 60,
} as const;

/** The default shift on the wall clock of `timeZone`, as the engine applies shifts. */
export function defaultShiftRule(timeZone: string): ShiftRule {
  const { weekdays, startMinute, endMinute } = DEFAULT_SHIFT;
  return {
    timeZone,
    days: weekdays.map((weekday) => ({ weekday, startMinute, endMinute, breaks: [] })),
  };
}

/** Trips and stops (spec point 9). */
export const STOP_RADIUS_M = 20;
export const STOP_DURATION_S = 180;
/** A gap between positions longer than this is a stop, wherever the machine is. */
export const STOP_GAP_S = 3600;
export const MIN_SATELLITES = 4;

/** Fuel: default fuel settings (spec point 3), litres. */
export const DEFAULT_MIN_REFUELLING_L = 10;
export const DEFAULT_MIN_DIPPING_L = 15;
/** A counter rising faster than this is a glitch, not fuel. */
export const MAX_FUEL_RATE_LH = 250;

export interface Co2Factor {
  fuelType: string;
  kgPerL: number;
  year: number;
  source: string;
}

/** UK government greenhouse gas conversion factors 2025, fuels, kg CO2 per litre. */
export const CO2_FACTORS: Record<string, Co2Factor> = {
  diesel: {
    fuelType: 'diesel',
    kgPerL: 2.57082,
    year: 2025,
    source: 'UK Government GHG Conversion Factors 2025: diesel (average biofuel blend)',
  },
  'gas-oil': {
    fuelType: 'gas-oil',
    kgPerL: 2.75541,
    year: 2025,
    source: 'UK Government GHG Conversion Factors 2025: gas oil',
  },
};

/**
 * Burn rates by category, litres per working hour, for machines without fuel data; idling burns
 * ESTIMATED_IDLE_SHARE of that. Estimates from typical manufacturer figures at medium load.
 */
export const CATEGORY_BURN_RATE_LH: Record<string, number> = {
  Excavator: 12,
  Loader: 10,
  Dumper: 5,
  Telehandler: 7,
  Roller: 6,
  Access: 3,
  Generator: 8,
  Compressor: 6,
  Lighting: 1.5,
};
export const DEFAULT_BURN_RATE_LH = 6;
export const ESTIMATED_IDLE_SHARE = 0.3;
