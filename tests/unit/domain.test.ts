// Pure domain logic shared by the portal and the server.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import { resolveRange } from '../../src/domain/dateRange.ts';
import { decodeFilter, encodeFilter, FilterQueryError } from '../../src/domain/filterQuery.ts';
import {
  dateFormatFor,
  formatDate,
  formatDateTime,
  formatNumber,
} from '../../src/domain/format.ts';
import { isOemSourceType } from '../../src/domain/constants.ts';
import {
  nextDate,
  startOfZonedDay,
  timeZoneOffsetMs,
  zonedDate,
  zonedInstant,
} from '../../src/domain/zonedTime.ts';

describe('zoned time', () => {
  it('finds midnight in London on both sides of the DST changes', () => {
    expect(startOfZonedDay('2026-01-15', 'Europe/London').toISOString()).toBe(
      '2026-01-15T00:00:00.000Z',
    );
    expect(startOfZonedDay('2026-07-15', 'Europe/London').toISOString()).toBe(
      '2026-07-14T23:00:00.000Z',
    );
    // 29 March 2026 is 23 hours long, 25 October 2026 is 25 hours long.
    const spring = startOfZonedDay('2026-03-29', 'Europe/London');
    const springNext = startOfZonedDay('2026-03-30', 'Europe/London');
    expect((springNext.getTime() - spring.getTime()) / 3_600_000).toBe(23);
    const autumn = startOfZonedDay('2026-10-25', 'Europe/London');
    const autumnNext = startOfZonedDay('2026-10-26', 'Europe/London');
    expect((autumnNext.getTime() - autumn.getTime()) / 3_600_000).toBe(25);
  });

  it('answers a remembered instant per zone and minute, as a Date of its own', () => {
    const first = zonedInstant('2026-10-24', 90, 'Europe/London');
    first.setTime(0);
    expect(zonedInstant('2026-10-24', 90, 'Europe/London').toISOString()).toBe(
      '2026-10-24T00:30:00.000Z',
    );
    expect(zonedInstant('2026-10-24', 90, 'Asia/Kolkata').toISOString()).toBe(
      '2026-10-23T20:00:00.000Z',
    );
    // The day the clocks go back: 03:00 is on GMT again.
    expect(zonedInstant('2026-10-25', 180, 'Europe/London').toISOString()).toBe(
      '2026-10-25T03:00:00.000Z',
    );
  });

  it('converts instants to local dates and offsets', () => {
    expect(zonedDate(new Date('2026-07-14T23:30:00Z'), 'Europe/London')).toBe('2026-07-15');
    expect(zonedDate(new Date('2026-07-14T23:30:00Z'), 'America/New_York')).toBe('2026-07-14');
    expect(timeZoneOffsetMs(new Date('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(
      5.5 * 3_600_000,
    );
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
});

describe('date ranges', () => {
  const now = new Date('2026-07-15T10:00:00Z');
  it('defaults to today in the organisation time zone, end date included', () => {
    const range = resolveRange(undefined, undefined, 'Europe/London', now);
    expect(range.from?.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-07-15T23:00:00.000Z');
  });
  it("takes 'max' as unbounded and date-times as given", () => {
    expect(resolveRange('max', 'max', 'Europe/London', now)).toEqual({ from: null, to: null });
    const range = resolveRange(
      '2026-07-01T06:00:00Z',
      '2026-07-02T06:00:00Z',
      'Europe/London',
      now,
    );
    expect(range.from?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
  });
  it('rejects an end before the start, naming the end', () => {
    expect(() => resolveRange('2026-07-02', '2026-07-01', 'Europe/London', now)).toThrow(
      /end must be after start/,
    );
  });
});

describe('filter query codec', () => {
  it('round-trips groups, keeping separators inside keys', () => {
    const selection = { customer: ['Acme | Sons', 'B,C'], site: ['x:y'] };
    expect(decodeFilter(encodeFilter(selection))).toEqual(selection);
    expect(encodeFilter({ customer: [], site: ['1'] })).toBe('site:1');
    expect(decodeFilter('')).toEqual({});
  });
  it('names the malformed part', () => {
    expect(() => decodeFilter('site')).toThrow(FilterQueryError);
    expect(() => decodeFilter('site:%E0%A4%A')).toThrow(/not URI-encoded/);
  });
});

describe('formatting', () => {
  it('writes dates dd-MM-yyyy, Chinese yyyy-MM-dd', () => {
    expect(dateFormatFor('de')).toBe('dd-MM-yyyy');
    expect(formatDate('2026-03-09T12:00:00', 'en')).toBe('09-03-2026');
    expect(formatDate('2026-03-09T12:00:00', 'zh')).toBe('2026-03-09');
  });
  it('writes an instant in the user’s time zone, either side of a clock change', () => {
    // 2026-03-29 01:30 UTC: London has just moved to summer time; Tokyo is 9 hours ahead.
    expect(formatDateTime('2026-03-29T01:30:00Z', 'en', 'Europe/London')).toBe('29-03-2026 02:30');
    expect(formatDateTime('2026-03-29T00:30:00Z', 'en', 'Europe/London')).toBe('29-03-2026 00:30');
    expect(formatDateTime('2026-03-29T16:00:00Z', 'zh', 'Asia/Tokyo')).toBe('2026-03-30 01:00');
    expect(formatDateTime('2026-03-29T16:00:00Z', 'en', 'America/New_York')).toBe(
      '29-03-2026 12:00',
    );
  });
  it('abbreviates numbers above 9999 with k, in the chosen language', () => {
    expect(formatNumber(9999, 'en')).toBe('9,999');
    expect(formatNumber(12_345, 'en')).toBe('12.3k');
    expect(formatNumber(12_345, 'de')).toBe('12,3k');
    expect(formatNumber(-250_000, 'en')).toBe('-250k');
    expect(formatNumber(3.14159, 'en')).toBe('3.1');
  });
});

describe('source types', () => {
  it('treats every type but our trackers as OEM', () => {
    expect(isOemSourceType('TELTONIKA')).toBe(false);
    expect(isOemSourceType('LORA')).toBe(false);
    expect(isOemSourceType('CATERPILLAR')).toBe(true);
  });
});
