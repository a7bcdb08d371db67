// Splits segments, fuel and trips into days in the organisation's time zone: per-machine rollups.
import { outsideShift, type ShiftRule } from '../../../src/domain/shifts.ts';
import { nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Period } from './breakdowns.ts';
import type { FuelResult } from './fuel.ts';
import type { OemSpan } from './oem.ts';
import {
  CATEGORY_BURN_RATE_LH,
  CO2_FACTORS,
  DEFAULT_BURN_RATE_LH,
  defaultShiftRule,
  ESTIMATED_IDLE_SHARE,
  OUT_OF_HOURS_GRACE_S,
} from './rules.ts';
import type { MachineProfile, Segment } from './sample.ts';
import type { Trip } from './trips.ts';

export interface DayRollup {
  day: string;
  activeS: number;
  idleS: number;
  offS: number;
  missingS: number;
  brokendownS: number;
  outOfHoursS: number;
  fuelL: number;
  fuelEstimated: boolean;
  co2Kg: number;
  co2FactorKgPerL: number;
  co2FactorYear: number;
  fuelType: string;
  distanceM: number;
  trips: number;
  refills: number;
  refillL: number;
  thefts: number;
  theftL: number;
}

/**
 * Local days of one time zone, remembering the last one: the engine walks time in order, so most
 * lookups fall in the same day and skip the costly calendar arithmetic.
 */
export class LocalDays {
  private day = '';
  private startMs = Infinity;
  private endMs = -Infinity;

  constructor(readonly timeZone: string) {}

  /** The local day holding `ms`, with its bounds [startMs, endMs). */
  at(ms: number): { day: string; startMs: number; endMs: number } {
    if (ms < this.startMs || ms >= this.endMs) {
      this.day = zonedDate(new Date(ms), this.timeZone);
      this.startMs = startOfZonedDay(this.day, this.timeZone).getTime();
      this.endMs = startOfZonedDay(nextDate(this.day), this.timeZone).getTime();
    }
    return { day: this.day, startMs: this.startMs, endMs: this.endMs };
  }
}

/** Calls `visit` for each part of [fromMs, toMs) that falls in one local day. */
export function forEachDayPiece(
  fromMs: number,
  toMs: number,
  days: LocalDays,
  visit: (day: string, fromMs: number, toMs: number) => void,
): void {
  let start = fromMs;
  while (start < toMs) {
    const { day, endMs } = days.at(start);
    const end = Math.min(toMs, endMs);
    visit(day, start, end);
    start = end;
  }
}

function emptyDay(day: string, fuelType: string): DayRollup {
  const factor = CO2_FACTORS[fuelType] ?? CO2_FACTORS.diesel;
  return {
    day,
    activeS: 0,
    idleS: 0,
    offS: 0,
    missingS: 0,
    brokendownS: 0,
    outOfHoursS: 0,
    fuelL: 0,
    fuelEstimated: false,
    co2Kg: 0,
    co2FactorKgPerL: factor?.kgPerL ?? 0,
    co2FactorYear: factor?.year ?? 0,
    fuelType: factor?.fuelType ?? fuelType,
    distanceM: 0,
    trips: 0,
    refills: 0,
    refillL: 0,
    thefts: 0,
    theftL: 0,
  };
}

/** The runs of an active piece outside the shift, those shorter than the grace period left out. */
export function outOfHoursRuns(fromMs: number, toMs: number, shift: ShiftRule): [number, number][] {
  return outsideShift(shift, fromMs, toMs).filter(
    ([a, b]) => (b - a) / 1000 >= OUT_OF_HOURS_GRACE_S,
  );
}

function outOfHoursS(fromMs: number, toMs: number, shift: ShiftRule): number {
  return outOfHoursRuns(fromMs, toMs, shift).reduce((sum, [a, b]) => sum + (b - a) / 1000, 0);
}

/** How much of [fromMs, toMs) the periods cover. */
function overlapMs(fromMs: number, toMs: number, periods: Period[]): number {
  let total = 0;
  for (const p of periods)
    total += Math.max(0, Math.min(toMs, p.toMs) - Math.max(fromMs, p.fromMs));
  return Math.min(total, toMs - fromMs);
}

export interface DailyInput {
  segments: Segment[];
  /** Hours from OEM feeds, spread evenly over each interval; they carry no out-of-hours. */
  oemSpans?: OemSpan[];
  fuel: FuelResult;
  trips: Trip[];
  profile: MachineProfile;
  timeZone: string;
  /** The shift that applies on each local day; the default shift in `timeZone` without one. */
  shiftOn?: (day: string) => ShiftRule;
  /** Breakdown periods; segments already carry them, OEM hours get them here. */
  breakdowns?: Period[];
  /** The days to produce, inclusive (yyyy-MM-dd); each gets a row, even with no data. */
  fromDay: string;
  toDay: string;
}

export function dailyRollups(input: DailyInput): DayRollup[] {
  const { timeZone, profile } = input;
  const localDays = new LocalDays(timeZone);
  const fallback = defaultShiftRule(timeZone);
  const shiftOn = input.shiftOn ?? (() => fallback);
  const days = new Map<string, DayRollup>();
  for (let day = input.fromDay; day <= input.toDay; day = nextDate(day))
    days.set(day, emptyDay(day, profile.fuelType));
  const at = (day: string) => days.get(day);

  for (const segment of input.segments) {
    forEachDayPiece(segment.fromMs, segment.toMs, localDays, (day, fromMs, toMs) => {
      const rollup = at(day);
      if (!rollup) return;
      const seconds = (toMs - fromMs) / 1000;
      if (segment.state === 'active') {
        rollup.activeS += seconds;
        rollup.outOfHoursS += outOfHoursS(fromMs, toMs, shiftOn(day));
      } else if (segment.state === 'idle') rollup.idleS += seconds;
      else if (segment.state === 'off') rollup.offS += seconds;
      else if (segment.state === 'brokendown') rollup.brokendownS += seconds;
      else rollup.missingS += seconds;
    });
  }

  for (const span of input.oemSpans ?? []) {
    const lengthMs = span.toMs - span.fromMs;
    forEachDayPiece(span.fromMs, span.toMs, localDays, (day, fromMs, toMs) => {
      const rollup = at(day);
      if (!rollup) return;
      const share = (toMs - fromMs) / lengthMs;
      // The engine-off part of a piece under a breakdown is brokendown.
      const broken = overlapMs(fromMs, toMs, input.breakdowns ?? []) / (toMs - fromMs);
      rollup.activeS += span.activeS * share;
      rollup.idleS += span.idleS * share;
      rollup.offS += span.offS * share * (1 - broken);
      rollup.brokendownS += span.offS * share * broken;
    });
  }

  for (const use of input.fuel.uses) {
    const span = use.toMs - use.fromMs;
    forEachDayPiece(use.fromMs, use.toMs, localDays, (day, fromMs, toMs) => {
      const rollup = at(day);
      if (rollup) rollup.fuelL += span > 0 ? (use.litres * (toMs - fromMs)) / span : use.litres;
    });
  }
  for (const refill of input.fuel.refills) {
    const rollup = at(localDays.at(refill.atMs).day);
    if (rollup) {
      rollup.refills++;
      rollup.refillL += refill.litres;
    }
  }
  for (const theft of input.fuel.thefts) {
    const rollup = at(localDays.at(theft.atMs).day);
    if (rollup) {
      rollup.thefts++;
      rollup.theftL += theft.litres;
    }
  }
  // A trip and its distance count on the day it starts.
  for (const trip of input.trips) {
    const rollup = at(localDays.at(trip.fromMs).day);
    if (rollup) {
      rollup.trips++;
      rollup.distanceM += trip.distanceM;
    }
  }

  for (const rollup of days.values()) {
    if (!input.fuel.measured) {
      const rate = CATEGORY_BURN_RATE_LH[profile.category ?? ''] ?? DEFAULT_BURN_RATE_LH;
      rollup.fuelL = ((rollup.activeS + rollup.idleS * ESTIMATED_IDLE_SHARE) / 3600) * rate;
      rollup.fuelEstimated = rollup.fuelL > 0;
    }
    rollup.co2Kg = rollup.fuelL * rollup.co2FactorKgPerL;
  }
  return [...days.values()];
}
