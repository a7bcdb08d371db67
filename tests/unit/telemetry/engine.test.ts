// The activity engine's rules on hand-made samples: states, segments, days, out-of-hours, fuel, trips.
import { describe, expect, it } from 'vitest';
import { applyBreakdowns } from '../../../server/telemetry/engine/breakdowns.ts';
import { dailyRollups } from '../../../server/telemetry/engine/daily.ts';
import { analyseFuel } from '../../../server/telemetry/engine/fuel.ts';
import { oemActivity } from '../../../server/telemetry/engine/oem.ts';
import type { MachineProfile, Sample, Segment } from '../../../server/telemetry/engine/sample.ts';
import { buildSegments, sampleState } from '../../../server/telemetry/engine/segments.ts';
import { stopsAndTrips, type Position } from '../../../server/telemetry/engine/trips.ts';

const profile: MachineProfile = {
  workingInputMask: 0,
  category: 'Excavator',
  fuelType: 'diesel',
  minRefuellingL: 10,
  minDippingL: 15,
};
const MIN = 60_000;
const HOUR = 3_600_000;

function sample(timeMs: number, values: Partial<Sample> = {}): Sample {
  return {
    timeMs,
    ignition: null,
    movement: null,
    engineRunning: null,
    engineRpm: null,
    speedKmh: null,
    activityLevel: null,
    digitalInputs: null,
    latitude: null,
    longitude: null,
    fuelUsedL: null,
    fuelLevelL: null,
    oem: false,
    operatingHoursH: null,
    idleHoursH: null,
    expectedIntervalS: 60,
    expectedIntervalOffS: 3600,
    sourceId: 'source-1',
    sourceType: 'TELTONIKA',
    batteryV: null,
    externalVoltageV: null,
    ...values,
  };
}

/** Samples every minute in [fromMs, toMs) with the given values. */
function every(fromMs: number, toMs: number, values: Partial<Sample>, stepMs = MIN): Sample[] {
  const samples: Sample[] = [];
  for (let t = fromMs; t < toMs; t += stepMs) samples.push(sample(t, values));
  return samples;
}

const working = { ignition: true, engineRpm: 1600 };
const idling = { ignition: true, engineRpm: 800 };
const off = { ignition: false, engineRpm: 0 };

describe('sample state', () => {
  it('reads engine and work from rpm, ignition, movement, speed, activity level and inputs', () => {
    expect(sampleState(sample(0, working), profile)).toBe('active');
    expect(sampleState(sample(0, idling), profile)).toBe('idle');
    expect(sampleState(sample(0, off), profile)).toBe('off');
    expect(sampleState(sample(0, { ignition: true, movement: true }), profile)).toBe('active');
    expect(sampleState(sample(0, { ignition: true, speedKmh: 12 }), profile)).toBe('active');
    expect(sampleState(sample(0, { activityLevel: 55 }), profile)).toBe('active');
    expect(sampleState(sample(0, { activityLevel: 10 }), profile)).toBe('idle');
    expect(sampleState(sample(0, { activityLevel: 1 }), profile)).toBe('off');
    expect(
      sampleState(sample(0, { ignition: true, digitalInputs: 0b100 }), { workingInputMask: 0b100 }),
    ).toBe('active');
    expect(sampleState(sample(0, {}), profile)).toBeNull();
  });
});

describe('segments', () => {
  const t0 = Date.UTC(2026, 5, 1, 6);
  it('holds each state until the next sample and merges runs', () => {
    const samples = [
      ...every(t0, t0 + HOUR, working),
      ...every(t0 + HOUR, t0 + 2 * HOUR, idling),
      sample(t0 + 2 * HOUR, off),
    ];
    expect(buildSegments(samples, profile)).toEqual([
      { state: 'active', fromMs: t0, toMs: t0 + HOUR },
      { state: 'idle', fromMs: t0 + HOUR, toMs: t0 + 2 * HOUR },
      { state: 'off', fromMs: t0 + 2 * HOUR, toMs: t0 + 3 * HOUR },
    ]);
  });

  it('calls a gap longer than three expected intervals missing, never off', () => {
    const samples = [
      sample(t0, working),
      sample(t0 + 2 * MIN, working),
      sample(t0 + 60 * MIN, working),
    ];
    expect(buildSegments(samples, profile)).toEqual([
      { state: 'active', fromMs: t0, toMs: t0 + 3 * MIN },
      { state: 'missing', fromMs: t0 + 3 * MIN, toMs: t0 + 60 * MIN },
      { state: 'active', fromMs: t0 + 60 * MIN, toMs: t0 + 61 * MIN },
    ]);
  });

  it('counts a short pause between work as work, and a long one as idle', () => {
    const short = [
      ...every(t0, t0 + 10 * MIN, working),
      ...every(t0 + 10 * MIN, t0 + 11 * MIN, idling),
      ...every(t0 + 11 * MIN, t0 + 20 * MIN, working),
    ];
    expect(buildSegments(short, profile).map((s) => s.state)).toEqual(['active']);
    const long = [
      ...every(t0, t0 + 10 * MIN, working),
      ...every(t0 + 10 * MIN, t0 + 15 * MIN, idling),
      ...every(t0 + 15 * MIN, t0 + 20 * MIN, working),
    ];
    expect(buildSegments(long, profile).map((s) => s.state)).toEqual(['active', 'idle', 'active']);
  });
});

describe('daily rollups', () => {
  const noFuel = { uses: [], refills: [], thefts: [], measured: true };
  const base = { fuel: noFuel, trips: [], profile, timeZone: 'Europe/London' };

  it('gives the 25-hour and 23-hour days of DST changes their real length', () => {
    const autumnStart = Date.UTC(2026, 9, 24, 23); // 25 October 2026 00:00 BST
    const springStart = Date.UTC(2026, 2, 29, 0); // 29 March 2026 00:00 GMT
    const rollups = dailyRollups({
      ...base,
      segments: [
        { state: 'off', fromMs: autumnStart, toMs: autumnStart + 25 * HOUR },
        { state: 'off', fromMs: springStart, toMs: springStart + 23 * HOUR },
      ],
      fromDay: '2026-03-29',
      toDay: '2026-10-25',
    });
    const day = (d: string) => rollups.find((r) => r.day === d);
    expect(day('2026-10-25')?.offS).toBe(25 * 3600);
    expect(day('2026-03-29')?.offS).toBe(23 * 3600);
    expect(day('2026-03-30')?.offS).toBe(0);
  });

  it('counts activity outside Monday–Friday 07:00–18:00 local time as out of hours, past a grace period', () => {
    // Tuesday 2 June 2026, BST: 05:00–08:00 local is 04:00–07:00 UTC, one hour out of hours before 07:00.
    const tuesday = Date.UTC(2026, 5, 2, 4);
    const saturday = Date.UTC(2026, 5, 6, 9);
    const rollups = dailyRollups({
      ...base,
      segments: [
        { state: 'active', fromMs: tuesday + HOUR, toMs: tuesday + 4 * HOUR },
        { state: 'active', fromMs: tuesday + 16 * HOUR, toMs: tuesday + 16 * HOUR + 4 * MIN }, // 20:00 for 4 minutes
        { state: 'active', fromMs: saturday, toMs: saturday + 2 * HOUR },
      ],
      fromDay: '2026-06-02',
      toDay: '2026-06-06',
    });
    expect(rollups.find((r) => r.day === '2026-06-02')?.outOfHoursS).toBe(3600);
    expect(rollups.find((r) => r.day === '2026-06-06')?.outOfHoursS).toBe(7200);
  });

  it('estimates fuel from hours and category when the machine has no fuel data, and marks it', () => {
    const t = Date.UTC(2026, 5, 2, 8);
    const [rollup] = dailyRollups({
      ...base,
      fuel: { uses: [], refills: [], thefts: [], measured: false },
      segments: [
        { state: 'active', fromMs: t, toMs: t + 2 * HOUR },
        { state: 'idle', fromMs: t + 2 * HOUR, toMs: t + 3 * HOUR },
      ],
      fromDay: '2026-06-02',
      toDay: '2026-06-02',
    });
    expect(rollup?.fuelEstimated).toBe(true);
    expect(rollup?.fuelL).toBeCloseTo(2 * 12 + 0.3 * 12);
    expect(rollup?.co2Kg).toBeCloseTo((rollup?.fuelL ?? 0) * 2.57082);
  });
});

describe('fuel', () => {
  const t0 = Date.UTC(2026, 5, 2, 8);
  it('uses counter deltas, skipping a counter reset', () => {
    const samples = [
      sample(t0, { ...working, fuelUsedL: 100 }),
      sample(t0 + HOUR, { ...working, fuelUsedL: 112 }),
      sample(t0 + 2 * HOUR, { ...working, fuelUsedL: 3 }), // reset
      sample(t0 + 3 * HOUR, { ...working, fuelUsedL: 15 }),
    ];
    const fuel = analyseFuel(samples, profile);
    expect(fuel.uses.reduce((sum, u) => sum + u.litres, 0)).toBe(24);
  });

  it('finds refills and thefts in the tank level, and lets level noise cancel out', () => {
    const noise = [0.4, -0.3, 0.2, -0.5, 0.1];
    const samples = [
      ...Array.from({ length: 60 }, (_, i) =>
        sample(t0 + i * MIN, { ...working, fuelLevelL: 200 - i * 0.2 + (noise[i % 5] ?? 0) }),
      ),
      sample(t0 + 60 * MIN, { ...working, fuelLevelL: 268 }), // refill of about 80 L
      sample(t0 + 61 * MIN, { ...off, fuelLevelL: 268 }),
      sample(t0 + 120 * MIN, { ...off, fuelLevelL: 230 }), // 38 L gone while off
    ];
    const fuel = analyseFuel(samples, profile);
    expect(fuel.refills).toHaveLength(1);
    expect(fuel.thefts).toEqual([{ atMs: t0 + 120 * MIN, litres: 38 }]);
    const used = fuel.uses.reduce((sum, u) => sum + u.litres, 0);
    expect(used).toBeCloseTo(200 + 0.4 - (200 - 59 * 0.2 + 0.1), 5);
  });
});

describe('trips and stops', () => {
  const t0 = Date.UTC(2026, 5, 2, 8);
  const at = (minutes: number, latitude: number, longitude: number): Position => ({
    timeMs: t0 + minutes * MIN,
    latitude,
    longitude,
  });

  it('makes no trip of GPS jitter while parked', () => {
    const jitter = Array.from({ length: 120 }, (_, i) =>
      at(i, 51.5 + (i % 3) * 5e-5, -0.1 + (i % 2) * 5e-5),
    );
    const { stops, trips } = stopsAndTrips(jitter);
    expect(trips).toHaveLength(0);
    expect(stops).toHaveLength(1);
  });

  it('finds one trip between two stops, with its distance', () => {
    const positions = [
      ...Array.from({ length: 10 }, (_, i) => at(i, 51.5, -0.1)),
      ...Array.from({ length: 10 }, (_, i) => at(10 + i, 51.5 + (i + 1) * 0.001, -0.1)),
      ...Array.from({ length: 10 }, (_, i) => at(20 + i, 51.51, -0.1)),
    ];
    const { stops, trips } = stopsAndTrips(positions);
    expect(stops).toHaveLength(2);
    expect(trips).toHaveLength(1);
    expect(trips[0]?.distanceM).toBeGreaterThan(1100);
    expect(trips[0]?.distanceM).toBeLessThan(1120);
  });

  it('treats a gap of over an hour as a stop', () => {
    const positions = [
      at(0, 51.5, -0.1),
      at(1, 51.501, -0.1),
      at(2, 51.502, -0.1),
      at(90, 51.503, -0.1),
      at(91, 51.504, -0.1),
    ];
    expect(stopsAndTrips(positions).stops.some((s) => s.toMs - s.fromMs === 88 * MIN)).toBe(true);
  });
});

describe('OEM feeds', () => {
  const t0 = Date.UTC(2026, 5, 2, 20); // 21:00 London
  const reading = (hours: number, operatingHoursH: number, idleHoursH: number) =>
    sample(t0 + hours * HOUR, {
      oem: true,
      operatingHoursH,
      idleHoursH,
      expectedIntervalS: 6 * 3600,
    });

  it('spreads operating and idle hours over each interval, split across midnight in proportion', () => {
    const { spans, missing } = oemActivity([reading(0, 1000, 200), reading(4, 1002, 200.5)]);
    expect(missing).toEqual([]);
    expect(spans).toEqual([
      { fromMs: t0, toMs: t0 + 4 * HOUR, activeS: 1.5 * 3600, idleS: 0.5 * 3600, offS: 2 * 3600 },
    ]);
    const rollups = dailyRollups({
      segments: [],
      oemSpans: spans,
      fuel: { uses: [], refills: [], thefts: [], measured: true },
      trips: [],
      profile,
      timeZone: 'Europe/London',
      fromDay: '2026-06-02',
      toDay: '2026-06-03',
    });
    // 21:00–01:00 local: three quarters on the 2nd, one quarter on the 3rd.
    expect(rollups.map((r) => [r.day, r.activeS, r.idleS, r.offS])).toEqual([
      ['2026-06-02', 0.75 * 1.5 * 3600, 0.75 * 0.5 * 3600, 0.75 * 2 * 3600],
      ['2026-06-03', 0.25 * 1.5 * 3600, 0.25 * 0.5 * 3600, 0.25 * 2 * 3600],
    ]);
  });

  it('gives no hours for a counter that resets or runs backwards, and caps an impossible one', () => {
    const { spans, missing } = oemActivity([
      reading(0, 1000, 200),
      reading(2, 3, 0),
      reading(4, 10, 1),
    ]);
    expect(missing).toEqual([{ state: 'missing', fromMs: t0, toMs: t0 + 2 * HOUR }]);
    // 7 operating hours in 2 hours of time: at most 2, of which 1 idle.
    expect(spans).toEqual([
      { fromMs: t0 + 2 * HOUR, toMs: t0 + 4 * HOUR, activeS: 3600, idleS: 3600, offS: 0 },
    ]);
  });
});

describe('breakdowns', () => {
  const H = 3_600_000;
  const seg = (state: Segment['state'], fromH: number, toH: number): Segment => ({
    state,
    fromMs: fromH * H,
    toMs: toH * H,
  });

  it('turns all but work inside a breakdown into brokendown, gaps included', () => {
    const segments = [
      seg('active', 0, 2),
      seg('idle', 2, 3),
      seg('off', 3, 6),
      seg('active', 8, 9),
    ];
    const result = applyBreakdowns(segments, [{ fromMs: 1 * H, toMs: 10 * H }], [], 0, 12 * H);
    expect(result).toEqual([
      seg('active', 0, 2),
      seg('brokendown', 2, 8),
      seg('active', 8, 9),
      seg('brokendown', 9, 10),
    ]);
  });

  it('leaves time an OEM feed accounts for, and what lies outside the window', () => {
    const result = applyBreakdowns(
      [seg('missing', 0, 4)],
      [{ fromMs: 2 * H, toMs: Infinity }],
      [{ fromMs: 4 * H, toMs: 6 * H }],
      0,
      8 * H,
    );
    expect(result).toEqual([
      seg('missing', 0, 2),
      seg('brokendown', 2, 4),
      seg('brokendown', 6, 8),
    ]);
  });
});
