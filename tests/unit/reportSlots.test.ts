// When scheduled reports run (a clock passed in, never waited for): daily on weekdays, weekly,
// monthly, after each shift with extra minutes, across the changes to and from summer time; and
// the days each date range covers.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import { reportRange } from '../../src/domain/reportRange.ts';
import type { ShiftRule } from '../../src/domain/shifts.ts';
import { nextSlot, reportDayOf, type SlotRule } from '../../server/modules/reports/slots.ts';
import { defaultShiftRule } from '../../server/telemetry/engine/rules.ts';

const LONDON_SHIFT = defaultShiftRule('Europe/London');
const daily: SlotRule = {
  frequency: 'daily',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  hour: 7,
  extraMinutes: 0,
  timezone: 'Europe/London',
};
/** The slots after `from`, one after another. */
function slots(rule: SlotRule, from: string, count: number, shift: ShiftRule = LONDON_SHIFT) {
  const found: string[] = [];
  let after = new Date(from);
  for (let i = 0; i < count; i++) {
    const slot = nextSlot(rule, after, shift);
    if (!slot) break;
    found.push(slot.toISOString());
    after = slot;
  }
  return found;
}

describe('report slots', () => {
  it('runs a daily 07:00 London report at 07:00 local on both sides of the spring change', () => {
    // Summer time starts at 01:00 UTC on Sunday 29 March 2026.
    expect(slots(daily, '2026-03-27T12:00:00Z', 4)).toEqual([
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
    ]);
  });

  it('and on both sides of the autumn change', () => {
    // Summer time ends at 01:00 UTC on Sunday 25 October 2026.
    expect(slots(daily, '2026-10-23T12:00:00Z', 3)).toEqual([
      '2026-10-24T06:00:00.000Z',
      '2026-10-25T07:00:00.000Z',
      '2026-10-26T07:00:00.000Z',
    ]);
  });

  it('keeps to the chosen weekdays and adds the extra minutes', () => {
    const weekdays = { ...daily, weekdays: [1, 3, 5], hour: 17, extraMinutes: 45 };
    // Friday 6 November 2026, 18:00: next Monday, Wednesday, Friday at 17:45 (GMT).
    expect(slots(weekdays, '2026-11-06T18:00:00Z', 3)).toEqual([
      '2026-11-09T17:45:00.000Z',
      '2026-11-11T17:45:00.000Z',
      '2026-11-13T17:45:00.000Z',
    ]);
    // +60 runs in the next hour: 23:00 + 60 is midnight.
    expect(slots({ ...daily, hour: 23, extraMinutes: 60 }, '2026-11-06T12:00:00Z', 1)).toEqual([
      '2026-11-07T00:00:00.000Z',
    ]);
  });

  it('runs weekly on its day and monthly on the first', () => {
    expect(
      slots({ ...daily, frequency: 'weekly', weekdays: [1], hour: 6 }, '2026-11-24T12:00:00Z', 2),
    ).toEqual(['2026-11-30T06:00:00.000Z', '2026-12-07T06:00:00.000Z']);
    expect(slots({ ...daily, frequency: 'monthly', hour: 8 }, '2026-11-24T12:00:00Z', 2)).toEqual([
      '2026-12-01T08:00:00.000Z',
      '2027-01-01T08:00:00.000Z',
    ]);
  });

  it('runs after each shift, at its end plus the extra minutes, on the shift’s clock', () => {
    const rule: SlotRule = { ...daily, frequency: 'afterEachShift', extraMinutes: 30 };
    // The default shift ends at 18:00 on weekdays: Friday 6 November, then Monday 9.
    expect(slots(rule, '2026-11-06T12:00:00Z', 2)).toEqual([
      '2026-11-06T18:30:00.000Z',
      '2026-11-09T18:30:00.000Z',
    ]);
    // In summer, 18:00 London is 17:00 UTC.
    expect(slots(rule, '2026-07-06T12:00:00Z', 1)).toEqual(['2026-07-06T17:30:00.000Z']);
    // A night shift ending at midnight reports on the day it worked.
    const night: ShiftRule = {
      timeZone: 'Europe/London',
      days: [{ weekday: 2, startMinute: 18 * 60, endMinute: 24 * 60, breaks: [] }],
    };
    const [slot] = slots({ ...rule, extraMinutes: 15 }, '2026-11-10T12:00:00Z', 1, night);
    expect(slot).toBe('2026-11-11T00:15:00.000Z');
    expect(reportDayOf(new Date(slot ?? ''), { ...rule, extraMinutes: 15 })).toBe('2026-11-10');
  });

  it('reports on the day of the nominal time, before the extra minutes', () => {
    const late = { ...daily, hour: 23, extraMinutes: 60 };
    expect(reportDayOf(new Date('2026-11-07T00:00:00Z'), late)).toBe('2026-11-06');
  });
});

describe('report date ranges', () => {
  // Wednesday 25 November 2026.
  const day = '2026-11-25';
  it.each([
    ['today', '2026-11-25', '2026-11-25'],
    ['yesterday', '2026-11-24', '2026-11-24'],
    ['start_of_week', '2026-11-23', '2026-11-25'],
    ['last_week', '2026-11-16', '2026-11-22'],
    ['start_of_month', '2026-11-01', '2026-11-25'],
    ['last_month', '2026-10-01', '2026-10-31'],
  ] as const)('%s', (range, start, end) => {
    expect(reportRange(range, day)).toEqual({ start, end });
  });
  it('takes last month across a year', () => {
    expect(reportRange('last_month', '2027-01-05')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
    });
  });
});
