// Turns the list and dashboard range parameters (a date, a date-time or 'max') into instants.
import { nextDate, startOfZonedDay, zonedDate } from './zonedTime.ts';

export interface InstantRange {
  /** Null when the range starts with the first recorded data ('max'). */
  from: Date | null;
  /** Exclusive end; null when unbounded. */
  to: Date | null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export class RangeError extends Error {
  constructor(
    readonly field: 'start' | 'end',
    message: string,
  ) {
    super(message);
  }
}

function bound(value: string, field: 'start' | 'end', timeZone: string): Date | null {
  if (value === 'max') return null;
  const instant = DATE_ONLY.test(value)
    ? startOfZonedDay(field === 'end' ? nextDate(value) : value, timeZone)
    : new Date(value);
  if (Number.isNaN(instant.getTime()))
    throw new RangeError(field, `${field} is not a valid date: '${value}'`);
  return instant;
}

/** Dates are whole days in `timeZone`, the end date included; both default to today. */
export function resolveRange(
  start: string | undefined,
  end: string | undefined,
  timeZone: string,
  now = new Date(),
): InstantRange {
  const today = zonedDate(now, timeZone);
  const from = bound(start ?? today, 'start', timeZone);
  const to = bound(end ?? today, 'end', timeZone);
  if (from && to && from >= to) throw new RangeError('end', 'end must be after start');
  return { from, to };
}
