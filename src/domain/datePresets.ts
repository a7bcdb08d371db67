// Time-range presets. The list's (spec point 2): Today, Yesterday, This week, Last week, This
// month, Last month, Max, with Last 7 days added as the default (docs/screens.md). The dashboard's (spec point 9): today, tomorrow, last 7 days, this week,
// next week, this month, next month. Weeks start on Monday; ranges are local days, both ends
// included.
import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  startOfMonth,
  startOfWeek,
  subDays,
  subMonths,
  subWeeks,
} from 'date-fns';

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7Days',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'max',
] as const;

/** The list's presets but Max, for screens whose range is bounded (routes, heat maps). */
export const BOUNDED_PRESETS = DATE_PRESETS.filter((preset) => preset !== 'max');

export const DASHBOARD_PRESETS = [
  'today',
  'tomorrow',
  'last7Days',
  'thisWeek',
  'nextWeek',
  'thisMonth',
  'nextMonth',
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number] | (typeof DASHBOARD_PRESETS)[number];

export interface DateRange {
  /** yyyy-MM-dd, or 'max' for all recorded time. */
  startDate: string;
  endDate: string;
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');
const WEEK = { weekStartsOn: 1 } as const;

/** The range a preset means on `today` (a local date). */
export function presetRange(preset: DatePreset, today: Date): DateRange {
  switch (preset) {
    case 'today':
      return { startDate: day(today), endDate: day(today) };
    case 'tomorrow':
      return { startDate: day(addDays(today, 1)), endDate: day(addDays(today, 1)) };
    case 'last7Days':
      return { startDate: day(subDays(today, 6)), endDate: day(today) };
    case 'nextWeek': {
      const nextWeek = addWeeks(today, 1);
      return {
        startDate: day(startOfWeek(nextWeek, WEEK)),
        endDate: day(endOfWeek(nextWeek, WEEK)),
      };
    }
    case 'nextMonth': {
      const nextMonth = addMonths(today, 1);
      return { startDate: day(startOfMonth(nextMonth)), endDate: day(endOfMonth(nextMonth)) };
    }
    case 'yesterday':
      return { startDate: day(subDays(today, 1)), endDate: day(subDays(today, 1)) };
    case 'thisWeek':
      return { startDate: day(startOfWeek(today, WEEK)), endDate: day(today) };
    case 'lastWeek': {
      const lastWeek = subWeeks(today, 1);
      return {
        startDate: day(startOfWeek(lastWeek, WEEK)),
        endDate: day(endOfWeek(lastWeek, WEEK)),
      };
    }
    case 'thisMonth':
      return { startDate: day(startOfMonth(today)), endDate: day(today) };
    case 'lastMonth': {
      const lastMonth = subMonths(today, 1);
      return { startDate: day(startOfMonth(lastMonth)), endDate: day(endOfMonth(lastMonth)) };
    }
    case 'max':
      return { startDate: 'max', endDate: 'max' };
  }
}

/** The preset among `presets` a range is, if it is one. */
export function presetOf(
  range: DateRange,
  today: Date,
  presets: readonly DatePreset[] = DATE_PRESETS,
): DatePreset | null {
  return (
    presets.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.startDate === range.startDate && candidate.endDate === range.endDate;
    }) ?? null
  );
}
