// Converts between wall-clock time in an IANA time zone and UTC instants, right across DST changes.
import { DEFAULT_TIMEZONE } from './constants.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * Instants already worked out, by zone, date and minute: the engine asks for the same few days'
 * midnights for every machine it recomputes, and each answer costs two `formatToParts` (the
 * largest part of the recompute's own time in bench:ingest's profile). Emptied when it is large.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED_INSTANTS = 100_000;

/** The instant at which the wall clock in `timeZone` shows `minuteOfDay` on `date` (yyyy-MM-dd). */
export function zonedInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const key = `${timeZone}|${date}|${minuteOfDay}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
    ms = computeZonedInstant(date, minuteOfDay, timeZone);
    instants.set(key, ms);
  }
  return new Date(ms);
}

function computeZonedInstant(date: string, minuteOfDay: number, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const wallAsUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) + minuteOfDay * 60_000;
  // Two passes: the offset at the first guess may differ from the offset at the answer near a DST change.
  const guess = wallAsUtc - timeZoneOffsetMs(new Date(wallAsUtc), timeZone);
  return wallAsUtc - timeZoneOffsetMs(new Date(guess), timeZone);
}

/** The instant at which the wall clock in `timeZone` shows midnight starting `date` (yyyy-MM-dd). */
export function startOfZonedDay(date: string, timeZone: string): Date {
  return zonedInstant(date, 0, timeZone);
}

/** Day of the week of a date (yyyy-MM-dd): 0 is Sunday, 1 Monday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The calendar date (yyyy-MM-dd) that the wall clock in `timeZone` shows at `instant`. */
export function zonedDate(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + timeZoneOffsetMs(instant, timeZone));
  return shifted.toISOString().slice(0, 10);
}

/** The date `days` after `date` (yyyy-MM-dd); negative goes back. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The date after `date` (yyyy-MM-dd). */
export const nextDate = (date: string): string => addDays(date, 1);

/** The Monday of a date's week (yyyy-MM-dd): 2026-11-21 → 2026-11-16. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The IANA time zones this browser or server knows, for choosing one; the default first. */
export function timeZoneNames(): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIMEZONE, ...known.filter((zone) => zone !== DEFAULT_TIMEZONE)];
}
