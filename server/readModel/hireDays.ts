// The days a hire starts or ends during: a customer's figures for them (and a contract's hours)
// are the hire's part of the day, which the engine keeps apart (machine_hire_day_rollup), while
// whole days inside a hire keep the fast path of the day rollups.
import {
  nextDate,
  startOfZonedDay,
  weekdayOf,
  zonedDate,
  zonedInstant,
} from '../../src/domain/zonedTime.ts';
import type { ShiftDay } from '../../src/domain/shifts.ts';
import type { Queryable } from '../db/database.ts';
import { DEFAULT_SHIFT } from '../telemetry/engine/rules.ts';
import type { RollupSums } from './rollupCache.ts';

/** A hire's days within a range: its whole days as a span, and its part days apart. */
export interface HireDays {
  /** Whole days, inclusive; null when none are left. `toDay` null: open-ended. */
  whole: { fromDay: string; toDay: string | null } | null;
  /** Days the hire starts or ends during, within the range. */
  partDays: string[];
}

export interface HireEdges {
  fromDay: string;
  /** The last day the hire touches; null while it runs on. */
  toDay: string | null;
  /** The hire starts after its first day's midnight, or ends before its last day's end. */
  partStart: boolean;
  partEnd: boolean;
}

/** A hire's days in the owner's time zone, and whether it starts or ends during one. */
export function hireEdgesOf(startsAt: Date, endsAt: Date | null, timeZone: string): HireEdges {
  const atMidnight = (instant: Date) =>
    startOfZonedDay(zonedDate(instant, timeZone), timeZone).getTime() === instant.getTime();
  return {
    fromDay: zonedDate(startsAt, timeZone),
    toDay: endsAt ? zonedDate(new Date(endsAt.getTime() - 1), timeZone) : null,
    partStart: !atMidnight(startsAt),
    partEnd: endsAt !== null && !atMidnight(endsAt),
  };
}

const previousDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** Splits a hire's days within [fromDay, toDay] (either null: unbounded) into whole and part days. */
export function hireDays(hire: HireEdges, fromDay: string | null, toDay: string | null): HireDays {
  const inRange = (day: string) =>
    (fromDay === null || day >= fromDay) && (toDay === null || day <= toDay);
  let from = fromDay !== null && fromDay > hire.fromDay ? fromDay : hire.fromDay;
  let to = hire.toDay === null ? toDay : toDay !== null && toDay < hire.toDay ? toDay : hire.toDay;
  const partDays: string[] = [];
  if (hire.partStart && inRange(hire.fromDay)) {
    partDays.push(hire.fromDay);
    if (from === hire.fromDay) from = nextDate(from);
  }
  if (hire.partEnd && hire.toDay !== null && inRange(hire.toDay)) {
    if (!partDays.includes(hire.toDay)) partDays.push(hire.toDay);
    if (to === hire.toDay) to = previousDay(hire.toDay);
  }
  const whole = to === null || from <= to ? { fromDay: from, toDay: to } : null;
  return { whole, partDays };
}

export interface HirePart {
  sums: RollupSums;
  fromMs: number;
  toMs: number;
}

/** The working days of the shifts named, by id: what part days place their contract in. */
export async function shiftDaysOf(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, readonly ShiftDay[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; days: ShiftDay[] }>(
    'SELECT id, days FROM shift WHERE id = ANY($1::uuid[])',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((row) => [row.id, row.days]));
}

/**
 * The contracted seconds of a part day: the day's contracted hours in the share of its working
 * hours the hire covers. The working hours are the shift's for the weekday (the hire site's, else
 * the owner's default), or 07:00-18:00: a hire from noon on a 07:00-18:00 weekday contracts 6/11
 * of the day's hours. As on whole days, contracted hours fall on Monday to Friday.
 */
export function partDayAvailableS(
  day: string,
  part: { fromMs: number; toMs: number },
  hoursPerDay: number,
  timeZone: string,
  shiftDays: readonly ShiftDay[] | undefined,
): number {
  const weekday = weekdayOf(day);
  if (!(DEFAULT_SHIFT.weekdays as readonly number[]).includes(weekday)) return 0;
  const hours = shiftDays?.find((shiftDay) => shiftDay.weekday === weekday) ?? DEFAULT_SHIFT;
  const shiftStartMs = zonedInstant(day, hours.startMinute, timeZone).getTime();
  const shiftEndMs = zonedInstant(day, hours.endMinute, timeZone).getTime();
  const covered = Math.max(
    0,
    Math.min(part.toMs, shiftEndMs) - Math.max(part.fromMs, shiftStartMs),
  );
  return (covered / (shiftEndMs - shiftStartMs)) * hoursPerDay * 3600;
}
