// Date and number formatting of spec point 9, in the language the user chose.
import { TZDate } from '@date-fns/tz';
import { format as formatDateFns } from 'date-fns';
import { zonedInstant } from './zonedTime.ts';

/** dd-MM-yyyy everywhere except Chinese, which reads year first. */
export function dateFormatFor(language: string): string {
  return language === 'zh' ? 'yyyy-MM-dd' : 'dd-MM-yyyy';
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day as dd-MM-yyyy: a yyyy-MM-dd day as it is, an instant on the clock of `timeZone` (the
 * user's) or else the browser's own.
 */
export function formatDate(
  value: Date | string | number,
  language: string,
  timeZone?: string,
): string {
  if (typeof value === 'string' && DAY.test(value)) {
    return formatDateFns(new Date(`${value}T12:00:00`), dateFormatFor(language));
  }
  const instant = new Date(value);
  return formatDateFns(
    timeZone ? new TZDate(instant.getTime(), timeZone) : instant,
    dateFormatFor(language),
  );
}

/** An instant as date and time, in `timeZone` (the user's) or else the browser's own. */
export function formatDateTime(
  value: Date | string | number,
  language: string,
  timeZone?: string,
): string {
  const instant = new Date(value);
  return formatDateFns(
    timeZone ? new TZDate(instant.getTime(), timeZone) : instant,
    `${dateFormatFor(language)} HH:mm`,
  );
}

/** An instant as a datetime-local field's value (yyyy-MM-ddTHH:mm) on the clock of `timeZone`. */
export function dateTimeInputValue(value: Date | string | number, timeZone: string): string {
  return formatDateFns(new TZDate(new Date(value).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local field's value read on the clock of `timeZone`; null when it is not one. */
export function instantOfInput(value: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  return zonedInstant(match[1] as string, Number(match[2]) * 60 + Number(match[3]), timeZone);
}

const ABBREVIATE_ABOVE = 9999;

/** Numbers above 9999 are shown in thousands with a k: 12,345 becomes 12.3k (12,3k in German). */
export function formatNumber(value: number, language: string, maximumFractionDigits = 1): string {
  const locale = language === 'zh' ? 'zh-CN' : language;
  if (Math.abs(value) > ABBREVIATE_ABOVE) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value / 1000)}k`;
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

/** The clock time (HH:mm) of an instant in a time zone: a machine's day is in its owner's zone. */
export function formatTimeIn(value: Date | string | number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
}

/** Hours as h:mm, e.g. 7.5 → 7:30. */
export function formatHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A weekday's name (0 Sunday … 6 Saturday) in the chosen language, long or short. */
export function weekdayName(weekday: number, language: string, width: 'long' | 'short'): string {
  const locale = language === 'zh' ? 'zh-CN' : language;
  // 22 November 2026 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 22 + weekday)),
  );
}
