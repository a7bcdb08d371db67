// The one reader of dates in requests, shared by the server's validation and the portal: a real
// calendar day or instant between the documented bounds, never whatever Date.parse makes of it.

/** Dates before this year or after LATEST_YEAR are refused: no fleet data lives there. */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function realDay(year: number, month: number, day: number, bounded = true): boolean {
  if (bounded && (year < EARLIEST_YEAR || year > LATEST_YEAR)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar day, yyyy-MM-dd, that exists (no 2026-02-30) within the bounds. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  return match !== null && realDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * An RFC 3339 instant with an offset, on a real day and time, within the bounds (or, for a device's
 * own clock, which may be wrong and is then flagged rather than refused, in any year).
 */
export function isDateTime(value: string, bounded = true): boolean {
  const match = DATE_TIME.exec(value);
  if (!match || !realDay(Number(match[1]), Number(match[2]), Number(match[3]), bounded))
    return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [4, 5, 6, 7, 8].map((i) =>
    Number(match[i] ?? 0),
  ) as [number, number, number, number, number];
  return hour < 24 && minute < 60 && second < 61 && offsetHour < 24 && offsetMinute < 60;
}

/** A range bound of the list, dashboard and maps: 'max', a day, or an instant. */
export function isRangeBound(value: string): boolean {
  return value === 'max' || isCalendarDay(value) || isDateTime(value);
}

/** What a refused date is told: the field, and what it takes. */
export const DATE_RULE = `a real date between ${EARLIEST_YEAR}-01-01 and ${LATEST_YEAR}-12-31`;
