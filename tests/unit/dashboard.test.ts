// The dashboard's and the fleet map's pure parts: presets, states, category order, history
// periods and live merging.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import type { CategoryRow } from '../../src/domain/api/dashboard.ts';
import { sortCategories } from '../../src/domain/categorySort.ts';
import {
  dashboardReducer,
  INITIAL_DASHBOARD_STATE,
  isBenignError,
} from '../../src/domain/dashboardState.ts';
import { DASHBOARD_PRESETS, presetOf, presetRange } from '../../src/domain/datePresets.ts';
import { historyInterval, historyPeriods } from '../../server/modules/dashboard/history.ts';
import type { DashboardReply } from '../../src/domain/api/dashboard.ts';
import type { MapMachine } from '../../src/domain/api/maps.ts';
import { countStates, mergeLive } from '../../src/domain/fleetMap.ts';

// Wednesday 12 November 2025.
const today = new Date(2025, 10, 12, 15, 0);

describe('dashboard presets', () => {
  it('are the spec point 9 ranges, weeks starting on Monday', () => {
    const ranges = Object.fromEntries(DASHBOARD_PRESETS.map((p) => [p, presetRange(p, today)]));
    expect(ranges).toEqual({
      today: { startDate: '2025-11-12', endDate: '2025-11-12' },
      tomorrow: { startDate: '2025-11-13', endDate: '2025-11-13' },
      last7Days: { startDate: '2025-11-06', endDate: '2025-11-12' },
      thisWeek: { startDate: '2025-11-10', endDate: '2025-11-12' },
      nextWeek: { startDate: '2025-11-17', endDate: '2025-11-23' },
      thisMonth: { startDate: '2025-11-01', endDate: '2025-11-12' },
      nextMonth: { startDate: '2025-12-01', endDate: '2025-12-31' },
    });
    expect(presetOf(ranges.nextWeek as never, today, DASHBOARD_PRESETS)).toBe('nextWeek');
    // 'yesterday' is a list preset, not a dashboard one.
    expect(presetOf(presetRange('yesterday', today), today, DASHBOARD_PRESETS)).toBeNull();
  });
});

describe('dashboard states', () => {
  const data = { categories: [] } as unknown as DashboardReply;

  it('goes idle, loading, loaded, and keeps the figures while it loads again', () => {
    const loading = dashboardReducer(INITIAL_DASHBOARD_STATE, { type: 'load' });
    expect(loading).toEqual({ status: 'loading', loadingError: false, data: null });
    const loaded = dashboardReducer(loading, { type: 'loaded', data });
    expect(loaded).toEqual({ status: 'loaded', loadingError: false, data });
    expect(dashboardReducer(loaded, { type: 'load' })).toEqual({
      status: 'loading',
      loadingError: false,
      data,
    });
  });

  it('flags a failure, and clears the flag on the next load', () => {
    const failed = dashboardReducer(dashboardReducer(INITIAL_DASHBOARD_STATE, { type: 'load' }), {
      type: 'failed',
    });
    expect(failed).toMatchObject({ status: 'failed', loadingError: true });
    expect(dashboardReducer(failed, { type: 'load' }).loadingError).toBe(false);
  });

  it('counts a cancelled request as benign, and nothing else', () => {
    expect(isBenignError(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isBenignError(new Error('boom'))).toBe(false);
    expect(isBenignError('AbortError')).toBe(false);
  });
});

describe('category order', () => {
  const row = (category: string | null, value: number | null) =>
    ({
      category,
      rentalUtilisation: { value },
      fuel: { value: 1, estimated: false },
    }) as CategoryRow;
  const rows = [row('Roller', 10), row(null, 50), row('Dumper', null), row('Access', 10)];

  it('puts rows without a value last either way, ties by name', () => {
    const names = (sorted: CategoryRow[]) => sorted.map((r) => r.category);
    expect(names(sortCategories(rows, 'rentalUtilisation', false))).toEqual([
      'Access',
      'Roller',
      null,
      'Dumper',
    ]);
    expect(names(sortCategories(rows, 'rentalUtilisation', true))).toEqual([
      null,
      'Access',
      'Roller',
      'Dumper',
    ]);
    expect(names(sortCategories(rows, 'category', true))).toEqual([
      'Roller',
      'Dumper',
      'Access',
      null,
    ]);
  });
});

describe('history periods', () => {
  it('uses days up to a month, weeks up to a quarter, months beyond', () => {
    expect(historyInterval('2025-11-01', '2025-12-01')).toBe('day');
    expect(historyInterval('2025-11-01', '2025-12-02')).toBe('week');
    expect(historyInterval('2025-09-01', '2025-12-01')).toBe('week');
    expect(historyInterval('2025-09-01', '2025-12-02')).toBe('month');
  });

  it('cuts the first and last period to the range, weeks from Monday', () => {
    expect(historyPeriods('2025-11-12', '2025-11-26', 'week')).toEqual([
      { fromDay: '2025-11-12', toDay: '2025-11-16' },
      { fromDay: '2025-11-17', toDay: '2025-11-23' },
      { fromDay: '2025-11-24', toDay: '2025-11-26' },
    ]);
    expect(historyPeriods('2025-11-12', '2026-01-05', 'month')).toEqual([
      { fromDay: '2025-11-12', toDay: '2025-11-30' },
      { fromDay: '2025-12-01', toDay: '2025-12-31' },
      { fromDay: '2026-01-01', toDay: '2026-01-05' },
    ]);
    expect(historyPeriods('2025-11-12', '2025-11-13', 'day')).toHaveLength(2);
  });
});

describe('fleet map merging', () => {
  const machine = (id: string, name: string, state: MapMachine['state']) =>
    ({ id, name, state, location: null }) as MapMachine;

  it('replaces changed machines, adds new ones in name order, and keeps the rest as they were', () => {
    const a = machine('a', 'Alpha', 'off');
    const b = machine('b', 'beta', 'off');
    const merged = mergeLive(
      [a, b],
      [machine('b', 'beta', 'active'), machine('c', 'Charlie', 'idle')],
    );
    expect(merged.map((m) => [m.id, m.state])).toEqual([
      ['a', 'off'],
      ['b', 'active'],
      ['c', 'idle'],
    ]);
    expect(merged[0]).toBe(a);
    expect(mergeLive([a], [])).toEqual([a]);
    expect(countStates(merged)).toMatchObject({ off: 1, active: 1, idle: 1, unknown: 0 });
  });
});
