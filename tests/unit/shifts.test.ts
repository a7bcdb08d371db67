// Shifts: working intervals with breaks on the shift's own wall clock, and the rules a shift's days
// must keep.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import {
  clockOfMinute,
  minuteOfClock,
  outsideShift,
  shiftDaysError,
  type ShiftRule,
} from '../../src/domain/shifts.ts';

const at = (iso: string) => new Date(iso).getTime();
const hours = (runs: [number, number][]) => runs.map(([a, b]) => (b - a) / 3_600_000);

// Monday to Friday 07:00–16:00 with lunch 12:00–12:30; Saturday 08:00–12:00.
const week = (timeZone: string): ShiftRule => ({
  timeZone,
  days: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startMinute: 7 * 60,
      endMinute: 16 * 60,
      breaks: [{ startMinute: 12 * 60, endMinute: 12 * 60 + 30 }],
    })),
    { weekday: 6, startMinute: 8 * 60, endMinute: 12 * 60, breaks: [] },
  ],
});

describe('shifts', () => {
  it('counts the break and the hours either side of the shift as outside it', () => {
    // Monday 2026-11-23 05:00–18:00 UTC is the same on London's clock in winter.
    const outside = outsideShift(
      week('Europe/London'),
      at('2026-11-23T05:00:00Z'),
      at('2026-11-23T18:00:00Z'),
    );
    expect(outside).toEqual([
      [at('2026-11-23T05:00:00Z'), at('2026-11-23T07:00:00Z')],
      [at('2026-11-23T12:00:00Z'), at('2026-11-23T12:30:00Z')],
      [at('2026-11-23T16:00:00Z'), at('2026-11-23T18:00:00Z')],
    ]);
  });

  it("reads the hours on the shift's own clock, across a change to summer time", () => {
    // Saturday 2026-03-28 in Berlin (UTC+1) and the Monday after the change (UTC+2).
    const berlin = week('Europe/Berlin');
    expect(
      hours(outsideShift(berlin, at('2026-03-28T06:00:00Z'), at('2026-03-28T12:00:00Z'))),
    ).toEqual([1, 1]);
    expect(outsideShift(berlin, at('2026-03-30T05:00:00Z'), at('2026-03-30T14:00:00Z'))).toEqual([
      [at('2026-03-30T10:00:00Z'), at('2026-03-30T10:30:00Z')],
    ]);
    // Sunday has no hours: all of it is outside.
    expect(
      hours(outsideShift(berlin, at('2026-03-29T00:00:00Z'), at('2026-03-29T10:00:00Z'))),
    ).toEqual([10]);
  });

  it('reads clock times from 00:00 to 24:00', () => {
    expect(minuteOfClock('07:30')).toBe(450);
    expect(minuteOfClock('24:00')).toBe(1440);
    expect(minuteOfClock('24:30')).toBeNull();
    expect(minuteOfClock('7:30')).toBeNull();
    expect(clockOfMinute(1440)).toBe('24:00');
  });

  it('names what is wrong with the days', () => {
    const day = { weekday: 1, startMinute: 420, endMinute: 960, breaks: [] };
    expect(shiftDaysError([day])).toBeNull();
    expect(shiftDaysError([day, day])?.[0]).toBe('days/1/weekday');
    expect(shiftDaysError([{ ...day, endMinute: 400 }])?.[0]).toBe('days/0/end');
    expect(shiftDaysError([{ ...day, breaks: [{ startMinute: 300, endMinute: 500 }] }])?.[0]).toBe(
      'days/0/breaks/0/start',
    );
    expect(
      shiftDaysError([
        {
          ...day,
          breaks: [
            { startMinute: 700, endMinute: 760 },
            { startMinute: 600, endMinute: 720 },
          ],
        },
      ]),
    ).toEqual(['days/0/breaks/0/start', 'the break overlaps another']);
  });
});
