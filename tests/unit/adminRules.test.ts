// The admin area's pure rules: lost uplinks from a frame counter, and what a recompute changed.
import { describe, expect, it } from 'vitest';
import { frameGaps } from '../../server/modules/admin/frameGaps.ts';
import { changesBetween } from '../../server/modules/admin/recomputeRuns.ts';

describe('frame counter gaps', () => {
  it('counts the uplinks lost between two received, per device, and not a rejoin', () => {
    const uplink = (deviceId: string, minute: number, fCnt: number | null) => ({
      deviceId,
      timeMs: minute * 60_000,
      fCnt,
    });
    const gaps = frameGaps([
      uplink('A', 0, 10),
      uplink('B', 0, 500),
      uplink('A', 10, 11),
      uplink('A', 20, null), // a network server that did not pass the counter on
      uplink('A', 40, 14),
      uplink('B', 10, 502),
      uplink('A', 50, 2), // the sensor rejoined: its count starts again
      uplink('A', 60, 3),
    ]);
    expect(gaps).toEqual([
      { deviceId: 'A', afterFCnt: 11, beforeFCnt: 14, lost: 2, fromMs: 600_000, toMs: 2_400_000 },
      { deviceId: 'B', afterFCnt: 500, beforeFCnt: 502, lost: 1, fromMs: 0, toMs: 600_000 },
    ]);
  });
});

describe('what a recompute changed', () => {
  it('lists each figure of each day that differs, in hours, litres and kilometres', () => {
    const day = (active_s: number, fuel_l: number) => ({
      active_s,
      idle_s: 1800,
      off_s: 0,
      missing_s: 0,
      brokendown_s: 0,
      out_of_hours_s: 0,
      fuel_l,
      distance_m: 2500,
    });
    expect(
      changesBetween(
        { '2026-11-23': day(7200, 30), '2026-11-24': day(3600, 10) },
        { '2026-11-23': day(9000, 30), '2026-11-24': day(3600, 12.5), '2026-11-25': day(0, 0) },
      ),
    ).toEqual([
      { day: '2026-11-23', field: 'activeHours', before: 2, after: 2.5 },
      { day: '2026-11-24', field: 'fuelLitres', before: 10, after: 12.5 },
      ...[
        'activeHours',
        'idleHours',
        'offHours',
        'missingHours',
        'brokenDownHours',
        'outOfHoursHours',
        'fuelLitres',
        'distanceKm',
      ].map((field) => ({
        day: '2026-11-25',
        field,
        before: null,
        after: { idleHours: 0.5, distanceKm: 2.5 }[field] ?? 0,
      })),
    ]);
  });
});
