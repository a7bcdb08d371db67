// A screen's time range as its URL gives it (spec point 2: startDate is a date or 'max', endDate a
// date). Whatever the link holds, the screen gets a range it can draw and ask for: a missing bound
// is filled, and a bound that is not a real day, a 'max' the screen cannot show, or an end before
// the start falls back to the screen's default, named in `dropped` so the screen can say so.
import type { DateRange } from './datePresets.ts';
import { isCalendarDay } from './dates.ts';

export interface UrlRange {
  range: DateRange;
  /** The parameters that were present but could not be used. */
  dropped: ('startDate' | 'endDate')[];
}

export interface UrlRangeRules {
  /** Used when the URL gives no usable bound. */
  fallback: DateRange;
  /** Today in the user's calendar, yyyy-MM-dd: the end of a range given only its start. */
  today: string;
  /** Whether 'max' (all recorded time) is a range this screen can show. */
  allowMax: boolean;
}

export function readUrlRange(
  startParam: string | null | undefined,
  endParam: string | null | undefined,
  { fallback, today, allowMax }: UrlRangeRules,
): UrlRange {
  const dropped: UrlRange['dropped'] = [];
  const usable = (value: string | null | undefined, name: 'startDate' | 'endDate') => {
    const text = value?.trim();
    if (!text) return undefined;
    if (isCalendarDay(text) || (allowMax && text === 'max')) return text;
    dropped.push(name);
    return undefined;
  };
  const start = usable(startParam, 'startDate');
  const end = usable(endParam, 'endDate');

  if (start === undefined)
    // Only an end: that day alone, or everything up to now.
    return end === undefined
      ? { range: fallback, dropped }
      : { range: { startDate: end === 'max' ? 'max' : end, endDate: end }, dropped };
  if (start === 'max' || end === 'max')
    return { range: { startDate: start, endDate: end ?? 'max' }, dropped };
  if (end === undefined)
    return { range: { startDate: start, endDate: start > today ? start : today }, dropped };
  if (end < start) return { range: fallback, dropped: [...dropped, 'startDate', 'endDate'] };
  return { range: { startDate: start, endDate: end }, dropped };
}

/** The range's first and last day as the user reads them: 'max' at the end is today. */
export function rangeDays(range: DateRange, today: string): { from: string | null; to: string } {
  return {
    from: range.startDate === 'max' ? null : range.startDate,
    to: range.endDate === 'max' ? today : range.endDate,
  };
}
