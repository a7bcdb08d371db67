// The meter's rules on their own (issue 41): where a reading sits on a source's lifetime count.
import { describe, expect, it } from 'vitest';
import { placeReading, rolloverModulusH } from '../../server/modules/meters/rules.ts';

const previous = { valueH: 9999.5, offsetH: 0, lifetimeH: 9999.5, readAt: new Date(0) };

describe('meter rules', () => {
  it('rolls a meter over at the power of ten above its last value', () => {
    expect(rolloverModulusH(9999.5)).toBe(10_000);
    expect(rolloverModulusH(99_950)).toBe(100_000);
    expect(rolloverModulusH(0)).toBe(10);
  });

  it('refuses a person’s decrease but explains a device’s', () => {
    expect(() => placeReading({ valueH: 9000 }, previous, 0)).toThrow(/9999.5 h/);
    // Past its last digit: a rollover.
    expect(placeReading({ valueH: 0.3, automatic: true }, previous, 0)).toEqual({
      kind: 'rollover',
      offsetH: 10_000,
      lifetimeH: 10_000.3,
    });
    // Back a few minutes in a reboot: a reset, bridged by the engine's count (none here).
    expect(placeReading({ valueH: 9999.4, automatic: true }, previous, 0)).toEqual({
      kind: 'reset',
      offsetH: expect.closeTo(0.1, 9) as number,
      lifetimeH: 9999.5,
    });
  });

  it('bridges a device that restarted its count with the engine’s own hours', () => {
    const tracker = { ...previous, valueH: 500, offsetH: 9499.5 };
    expect(placeReading({ valueH: 2, automatic: true }, tracker, 1.5).lifetimeH).toBe(10_001);
    expect(placeReading({ valueH: 2, automatic: true }, tracker, 7).lifetimeH).toBe(10_006.5);
  });

  it('bridges a replaced meter with the engine’s count when that is more', () => {
    const claim = { valueH: 2, replacement: { startingValueH: 1 } };
    expect(placeReading(claim, previous, 3).lifetimeH).toBe(10_002.5);
    expect(placeReading(claim, previous, 0.5).lifetimeH).toBe(10_000.5);
  });
});
