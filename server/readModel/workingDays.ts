// Working days for utilisation: Monday to Friday, the default shift (docs/activity.md), counted
// arithmetically so that a list of 10,000 machines over years costs nothing.
import { weekdayOf } from '../../src/domain/zonedTime.ts';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Monday-to-Friday days from `from` to `to`, both included; 0 when `to` is before `from`. */
export function weekdaysBetween(from: string, to: string): number {
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days <= 0) return 0;
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * 5;
  const first = weekdayOf(from);
  for (let i = 0; i < days % 7; i++) {
    const weekday = (first + i) % 7;
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}
