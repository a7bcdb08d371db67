// When a scheduled report runs next. Daily, weekly and monthly reports follow a cron pattern in
// their time zone (croner does the calendar and the changes to and from summer time); a report
// after each shift runs when the shift ends. The extra minutes (+15 … +60) come after either.
import { Cron } from 'croner';
import type { ReportFrequency } from '../../../src/domain/api/reports.ts';
import type { ShiftRule } from '../../../src/domain/shifts.ts';
import { addDays, weekdayOf, zonedDate, zonedInstant } from '../../../src/domain/zonedTime.ts';

export interface SlotRule {
  frequency: ReportFrequency;
  weekdays: readonly number[];
  hour: number;
  extraMinutes: number;
  timezone: string;
}

const MINUTE_MS = 60_000;

/** The cron pattern of a daily, weekly or monthly report, without its extra minutes. */
export function cronPattern({ frequency, weekdays, hour }: SlotRule): string {
  const days = [...weekdays].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  if (frequency === 'monthly') return `0 ${hour} 1 * *`;
  if (frequency === 'weekly') return `0 ${hour} * * ${days[0] ?? 1}`;
  return `0 ${hour} * * ${days.join(',')}`;
}

/**
 * The first slot after `after`. For a report after each shift, the shift's day's end (on the
 * shift's clock) plus the extra minutes, on the chosen weekdays; null when the shift never ends
 * on them.
 */
export function nextSlot(rule: SlotRule, after: Date, shift: ShiftRule): Date | null {
  const extraMs = rule.extraMinutes * MINUTE_MS;
  if (rule.frequency !== 'afterEachShift') {
    const cron = new Cron(cronPattern(rule), { timezone: rule.timezone, paused: true });
    const next = cron.nextRun(new Date(after.getTime() - extraMs));
    return next ? new Date(next.getTime() + extraMs) : null;
  }
  // A shift may end after midnight of the day after; start the search a day back.
  const first = addDays(zonedDate(after, shift.timeZone), -1);
  for (let offset = 0; offset <= 8; offset++) {
    const day = addDays(first, offset);
    const weekday = weekdayOf(day);
    if (!rule.weekdays.includes(weekday)) continue;
    const ends = shift.days
      .filter((d) => d.weekday === weekday)
      .map((d) => zonedInstant(day, d.endMinute, shift.timeZone).getTime() + extraMs)
      .filter((ms) => ms > after.getTime())
      .sort((a, b) => a - b);
    if (ends[0] !== undefined) return new Date(ends[0]);
  }
  return null;
}

/**
 * The local day a run at `slot` reports on: the day of its nominal time, before the extra minutes;
 * after a shift, the day the shift ended on (a shift ending at midnight ends the day before it).
 */
export function reportDayOf(slot: Date, rule: SlotRule): string {
  const nominalMs = slot.getTime() - rule.extraMinutes * MINUTE_MS;
  return zonedDate(
    new Date(rule.frequency === 'afterEachShift' ? nominalMs - 1 : nominalMs),
    rule.timezone,
  );
}
