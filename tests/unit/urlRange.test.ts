// Every query parameter of spec point 2, alone, together and wrong: a screen always gets a range it
// can draw and ask for, and learns which parameters it had to drop.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import { readMachineListUrl, writeMachineListUrl } from '../../src/domain/machineListUrl.ts';
import { machineLink, wayBack } from '../../src/domain/machineLink.ts';
import { readUrlRange } from '../../src/domain/urlRange.ts';

// Monday 23 November 2026, 06:00: a working week's first hour.
const now = new Date(2026, 10, 23, 6, 0);
const fallback = { startDate: '2026-11-17', endDate: '2026-11-23' };
const rules = { fallback, today: '2026-11-23', allowMax: true };

describe('a screen range from its URL', () => {
  it.each([
    ['nothing', null, null, fallback, []],
    ['startDate=max alone', 'max', null, { startDate: 'max', endDate: 'max' }, []],
    ['max to a day', 'max', '2026-11-01', { startDate: 'max', endDate: '2026-11-01' }, []],
    ['a day to max', '2026-11-01', 'max', { startDate: '2026-11-01', endDate: 'max' }, []],
    ['endDate=max alone', null, 'max', { startDate: 'max', endDate: 'max' }, []],
    ['a start alone', '2026-11-02', null, { startDate: '2026-11-02', endDate: '2026-11-23' }, []],
    [
      'a future start alone',
      '2026-12-02',
      null,
      { startDate: '2026-12-02', endDate: '2026-12-02' },
      [],
    ],
    ['an end alone', null, '2026-11-02', { startDate: '2026-11-02', endDate: '2026-11-02' }, []],
    [
      'a real range',
      '2026-11-02',
      '2026-11-06',
      { startDate: '2026-11-02', endDate: '2026-11-06' },
      [],
    ],
    ['the end before the start', '2026-11-06', '2026-11-02', fallback, ['startDate', 'endDate']],
    ['a day that does not exist', '2026-02-30', null, fallback, ['startDate']],
    ['words', 'yesterday', 'soon', fallback, ['startDate', 'endDate']],
    [
      'a bad end beside a good start',
      '2026-11-02',
      '2026-13-01',
      { startDate: '2026-11-02', endDate: '2026-11-23' },
      ['endDate'],
    ],
    ['a year out of bounds', '1970-01-01', null, fallback, ['startDate']],
    ['blanks', '  ', '', fallback, []],
  ] as const)('%s', (_name, start, end, range, dropped) => {
    expect(readUrlRange(start, end, rules)).toEqual({ range, dropped });
  });

  it("refuses 'max' where a screen cannot show all time", () => {
    expect(readUrlRange('max', null, { ...rules, allowMax: false })).toEqual({
      range: fallback,
      dropped: ['startDate'],
    });
  });
});

describe('the machine list URL', () => {
  it('opens the last seven days, out of hours ascending, and writes nothing for the defaults', () => {
    const state = readMachineListUrl(new URLSearchParams(''), now);
    expect(state).toEqual({
      filterValues: { ...fallback, show: 'active' },
      sort: { field: 'outOfHours', order: 'ASC' },
      page: 1,
      dropped: [],
    });
    expect(writeMachineListUrl(state, now).toString()).toBe('');
  });

  it('drops an unknown sortKey, show and order, and keeps the rest', () => {
    const state = readMachineListUrl(
      new URLSearchParams('sortKey=colour&show=sometimes&order=UP&q=JCB&startDate=max&page=x'),
      now,
    );
    expect(state.dropped).toEqual(['show', 'sortKey', 'order']);
    expect(state.sort).toEqual({ field: 'outOfHours', order: 'ASC' });
    expect(state.filterValues).toEqual({
      q: 'JCB',
      startDate: 'max',
      endDate: 'max',
      show: 'active',
    });
    expect(state.page).toBe(1);
  });

  it('round-trips a chosen state', () => {
    const params = new URLSearchParams(
      'endDate=2026-11-06&filter=site%3A1&order=DESC&page=3&q=dig&show=all&sortKey=activeHours&startDate=2026-11-02',
    );
    const state = readMachineListUrl(params, now);
    expect(state.dropped).toEqual([]);
    expect(writeMachineListUrl(state, now).toString()).toBe(params.toString());
  });
});

describe('the way back from a machine', () => {
  it('goes to the url when it is a portal path, named by its screen', () => {
    const link = machineLink('7', '/dashboard?startDate=2026-11-02', {
      startDate: '2026-11-02',
      endDate: '2026-11-06',
    });
    const params = new URL(link, 'http://portal').searchParams;
    expect(params.get('ref')).toBe('dashboard');
    expect(wayBack(params.get('ref'), params.get('url'))).toEqual({
      path: '/dashboard?startDate=2026-11-02',
      ref: 'dashboard',
    });
    expect(wayBack(null, '/overview/sites/3')).toEqual({ path: '/overview/sites/3', ref: 'sites' });
  });

  it('goes to the ref alone, and never off the portal', () => {
    expect(wayBack('map', null)).toEqual({ path: '/map', ref: 'map' });
    expect(wayBack('map', '//evil.example/')).toEqual({ path: '/map', ref: 'map' });
    expect(wayBack(null, 'https://evil.example/')).toEqual({ path: '/machines', ref: 'list' });
    expect(wayBack('elsewhere', null)).toEqual({ path: '/machines', ref: 'list' });
  });
});
