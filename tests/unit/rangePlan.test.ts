// Reading a range of days as whole months plus the days of the months it cuts.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import { planRange } from '../../server/readModel/rangePlan.ts';
import { weekdaysBetween } from '../../server/readModel/workingDays.ts';

describe('range plan', () => {
  it('reads all recorded time from the months only', () => {
    expect(planRange(null, null)).toEqual({
      months: true,
      firstMonth: null,
      lastMonth: null,
      leadFrom: null,
      leadTo: null,
      trailFrom: null,
    });
  });

  it('reads a calendar month as that month', () => {
    expect(planRange('2026-10-01', '2026-10-31')).toMatchObject({
      months: true,
      firstMonth: '2026-10-01',
      lastMonth: '2026-10-01',
      leadFrom: null,
      trailFrom: null,
    });
  });

  it('reads the cut months day by day on both sides', () => {
    expect(planRange('2026-09-20', '2026-12-05')).toEqual({
      months: true,
      firstMonth: '2026-10-01',
      lastMonth: '2026-11-01',
      leadFrom: '2026-09-20',
      leadTo: '2026-10-01',
      trailFrom: '2026-12-01',
    });
    // Across a year end, and open at the start.
    expect(planRange(null, '2027-01-10')).toMatchObject({
      lastMonth: '2026-12-01',
      trailFrom: '2027-01-01',
    });
    expect(planRange('2026-12-15', null)).toMatchObject({
      firstMonth: '2027-01-01',
      leadFrom: '2026-12-15',
      leadTo: '2027-01-01',
    });
  });

  it('reads a range without a whole month day by day', () => {
    expect(planRange('2026-11-03', '2026-11-21')).toEqual({
      months: false,
      firstMonth: null,
      lastMonth: null,
      leadFrom: '2026-11-03',
      leadTo: '2026-11-22',
      trailFrom: null,
    });
    expect(planRange('2026-10-20', '2026-11-10')).toMatchObject({
      months: false,
      leadFrom: '2026-10-20',
      leadTo: '2026-11-11',
    });
    // February of a leap year ends on the 29th.
    expect(planRange('2028-02-01', '2028-02-28').months).toBe(false);
    expect(planRange('2028-02-01', '2028-02-29').months).toBe(true);
  });
});

describe('working days', () => {
  it('counts Monday to Friday, both ends included', () => {
    expect(weekdaysBetween('2026-11-09', '2026-11-15')).toBe(5); // Monday to Sunday
    expect(weekdaysBetween('2026-11-14', '2026-11-15')).toBe(0); // a weekend
    expect(weekdaysBetween('2026-11-13', '2026-11-16')).toBe(2); // Friday to Monday
    expect(weekdaysBetween('2026-01-01', '2026-12-31')).toBe(261);
    expect(weekdaysBetween('2026-11-10', '2026-11-09')).toBe(0);
  });
});
