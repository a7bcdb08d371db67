// How a range of local days is read from the rollups: whole months from the month rollups, the
// days of the months it cuts from the day rollups.
import { nextDate } from '../../src/domain/zonedTime.ts';

export interface RangePlan {
  /** Whether any whole month lies in the range. */
  months: boolean;
  /** First and last whole month (yyyy-MM-01); null is unbounded. */
  firstMonth: string | null;
  lastMonth: string | null;
  /** Days read one by one before the first whole month: [leadFrom, leadTo). */
  leadFrom: string | null;
  leadTo: string | null;
  /** Days read one by one after the last whole month, from this day to the range's end. */
  trailFrom: string | null;
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
};
const previousMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12-01` : `${year}-${String(m - 1).padStart(2, '0')}-01`;
};

/** `fromDay` and `toDay` are inclusive local days; null is unbounded. */
export function planRange(fromDay: string | null, toDay: string | null): RangePlan {
  const firstMonth =
    fromDay === null ? null : fromDay.endsWith('-01') ? fromDay : nextMonth(monthOf(fromDay));
  const lastMonth =
    toDay === null
      ? null
      : nextDate(toDay).endsWith('-01')
        ? monthOf(toDay)
        : previousMonth(monthOf(toDay));
  if (firstMonth !== null && lastMonth !== null && firstMonth > lastMonth) {
    // Inside one month, or across a month boundary without a whole month: days only.
    return {
      months: false,
      firstMonth: null,
      lastMonth: null,
      leadFrom: fromDay,
      leadTo: toDay === null ? null : nextDate(toDay),
      trailFrom: null,
    };
  }
  const trailFrom = lastMonth === null ? null : nextMonth(lastMonth);
  return {
    months: true,
    firstMonth,
    lastMonth,
    leadFrom: fromDay !== null && firstMonth !== null && fromDay < firstMonth ? fromDay : null,
    leadTo: firstMonth,
    trailFrom: toDay !== null && trailFrom !== null && trailFrom <= toDay ? trailFrom : null,
  };
}
