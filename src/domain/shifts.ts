// Shifts: the hours a machine is meant to work, per weekday, with breaks. Activity outside them
// (breaks included) is out-of-hours. Shared by the server's engine and the portal's shift form.
import { nextDate, weekdayOf, zonedInstant } from './zonedTime.ts';

/** Minutes since local midnight: 0 to 1440 (24:00 ends a shift at midnight). */
export interface MinuteSpan {
  startMinute: number;
  endMinute: number;
}

/** One weekday's working hours (0 Sunday … 6 Saturday) and the breaks inside them. */
export interface ShiftDay extends MinuteSpan {
  weekday: number;
  breaks: MinuteSpan[];
}

/** A shift as the engine applies it: its days, read on the wall clock of `timeZone`. */
export interface ShiftRule {
  days: readonly ShiftDay[];
  timeZone: string;
}

/** Weekdays in the order a European week shows them: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** 'HH:mm' (00:00 to 24:00) as minutes since midnight; null when it is not a clock time. */
export function minuteOfClock(clock: string): number | null {
  const match = CLOCK.exec(clock);
  if (!match) return null;
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/** A time field cannot hold 24:00: in a form, a shift or break ending at 00:00 ends at midnight. */
export const endClockForApi = (end: string) => (end === '00:00' ? '24:00' : end);
export const endClockForForm = (end: string) => (end === '24:00' ? '00:00' : end);

export function clockOfMinute(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** What can be wrong with a shift's days: the server's words, which the form translates. */
export const SHIFT_PROBLEMS = {
  weekdayTwice: 'a weekday has one set of hours',
  endBeforeStart: 'the shift ends before it starts',
  breakEndBeforeStart: 'the break ends before it starts',
  breakOutside: 'the break lies outside the shift',
  breakOverlap: 'the break overlaps another',
} as const;

/**
 * What is wrong with a shift's days, as [field path, one of SHIFT_PROBLEMS], or null. A day's hours run forward
 * within the day (a night shift is two days' pieces: 22:00–24:00 and 00:00–06:00); breaks lie
 * inside them and do not overlap; a weekday has one set of hours.
 */
export function shiftDaysError(days: readonly ShiftDay[]): [string, string] | null {
  const seen = new Set<number>();
  for (const [index, day] of days.entries()) {
    const at = `days/${index}`;
    if (seen.has(day.weekday)) return [`${at}/weekday`, SHIFT_PROBLEMS.weekdayTwice];
    seen.add(day.weekday);
    if (day.endMinute <= day.startMinute) return [`${at}/end`, SHIFT_PROBLEMS.endBeforeStart];
    const breaks = [...day.breaks].sort((a, b) => a.startMinute - b.startMinute);
    for (const [b, pause] of breaks.entries()) {
      const where = `${at}/breaks/${day.breaks.indexOf(pause)}`;
      if (pause.endMinute <= pause.startMinute)
        return [`${where}/end`, SHIFT_PROBLEMS.breakEndBeforeStart];
      if (pause.startMinute < day.startMinute || pause.endMinute > day.endMinute)
        return [`${where}/start`, SHIFT_PROBLEMS.breakOutside];
      const previous = breaks[b - 1];
      if (previous && pause.startMinute < previous.endMinute)
        return [`${where}/start`, SHIFT_PROBLEMS.breakOverlap];
    }
  }
  return null;
}

/** Each rule's working intervals per UTC-dated day, remembered: the engine asks piece by piece. */
const intervalsByDay = new WeakMap<ShiftRule, Map<string, [number, number][]>>();

/** A local day's hours minus its breaks, as instants on the rule's wall clock. */
function dayIntervals(rule: ShiftRule, day: string): [number, number][] {
  let cache = intervalsByDay.get(rule);
  if (!cache) intervalsByDay.set(rule, (cache = new Map()));
  const known = cache.get(day);
  if (known) return known;
  const intervals: [number, number][] = [];
  const hours = rule.days.find((candidate) => candidate.weekday === weekdayOf(day));
  if (hours) {
    const at = (minute: number) => zonedInstant(day, minute, rule.timeZone).getTime();
    let start = hours.startMinute;
    for (const pause of [...hours.breaks].sort((a, b) => a.startMinute - b.startMinute)) {
      if (pause.startMinute > start) intervals.push([at(start), at(pause.startMinute)]);
      start = Math.max(start, pause.endMinute);
    }
    if (hours.endMinute > start) intervals.push([at(start), at(hours.endMinute)]);
  }
  cache.set(day, intervals);
  return intervals;
}

/** No zone is further than this from UTC: the local days that can touch an instant lie within it. */
const MAX_ZONE_OFFSET_MS = 14 * 3_600_000;

/**
 * The working intervals [fromMs, toMs) of a shift that touch [fromMs, toMs), in time order: each
 * local day's hours minus its breaks, on the shift's own wall clock (so across DST changes too).
 */
export function workingIntervals(
  rule: ShiftRule,
  fromMs: number,
  toMs: number,
): [number, number][] {
  const intervals: [number, number][] = [];
  const lastDay = new Date(toMs + MAX_ZONE_OFFSET_MS).toISOString().slice(0, 10);
  let day = new Date(fromMs - MAX_ZONE_OFFSET_MS).toISOString().slice(0, 10);
  for (; day <= lastDay; day = nextDate(day)) {
    for (const interval of dayIntervals(rule, day))
      if (interval[1] > fromMs && interval[0] < toMs) intervals.push(interval);
  }
  return intervals;
}

/** The runs of [fromMs, toMs) outside the shift's working intervals. */
export function outsideShift(rule: ShiftRule, fromMs: number, toMs: number): [number, number][] {
  const outside: [number, number][] = [];
  let start = fromMs;
  for (const [a, b] of workingIntervals(rule, fromMs, toMs)) {
    if (a > start) outside.push([start, Math.min(a, toMs)]);
    start = Math.max(start, b);
  }
  if (start < toMs) outside.push([start, toMs]);
  return outside;
}
