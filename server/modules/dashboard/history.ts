// The periods of the dashboard's fuel and CO2 history: days for a range of up to a month, weeks
// (starting Monday) up to a quarter, months beyond; the first and last periods are cut to the range.
import type { HistoryInterval } from '../../../src/domain/api/dashboard.ts';
import { addDays, weekdayOf } from '../../../src/domain/zonedTime.ts';

export const DAY_INTERVAL_MAX_DAYS = 31;
export const WEEK_INTERVAL_MAX_DAYS = 92;

export interface HistoryPeriod {
  fromDay: string;
  toDay: string;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The last day of the period that `day` starts in. */
function periodEnd(day: string, interval: HistoryInterval): string {
  if (interval === 'day') return day;
  if (interval === 'week') return addDays(day, (7 - weekdayOf(day)) % 7);
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

export function historyInterval(fromDay: string, toDay: string): HistoryInterval {
  const days = dayNumber(toDay) - dayNumber(fromDay) + 1;
  return days <= DAY_INTERVAL_MAX_DAYS ? 'day' : days <= WEEK_INTERVAL_MAX_DAYS ? 'week' : 'month';
}

/** The periods from `fromDay` to `toDay`, both included, in order. */
export function historyPeriods(
  fromDay: string,
  toDay: string,
  interval: HistoryInterval,
): HistoryPeriod[] {
  const periods: HistoryPeriod[] = [];
  for (let day = fromDay; day <= toDay;) {
    const end = periodEnd(day, interval);
    periods.push({ fromDay: day, toDay: end < toDay ? end : toDay });
    day = addDays(end, 1);
  }
  return periods;
}
