// Fuel used, refills and thefts from a machine's fuel counter and tank level.
import { MAX_FUEL_RATE_LH } from './rules.ts';
import type { MachineProfile, Sample } from './sample.ts';
import { sampleState } from './segments.ts';

/** Fuel burned between two instants; spread evenly over the interval when split into days. */
export interface FuelUse {
  fromMs: number;
  toMs: number;
  litres: number;
}

export interface FuelEvent {
  atMs: number;
  litres: number;
}

export interface FuelResult {
  uses: FuelUse[];
  refills: FuelEvent[];
  thefts: FuelEvent[];
  /** True when any use came from a counter or a level; false when the machine has no fuel data. */
  measured: boolean;
}

/**
 * Use comes from the engine's cumulative fuel counter when it has one, else from drops in tank
 * level while the engine runs. Level deltas are kept signed, so sensor noise cancels out over a day.
 * A rise above the refuelling minimum is a refill, never negative use; a drop while the engine is
 * off above the dipping minimum is a theft.
 */
export function analyseFuel(samples: Sample[], profile: MachineProfile): FuelResult {
  const result: FuelResult = { uses: [], refills: [], thefts: [], measured: false };
  const hasCounter = samples.some((s) => s.fuelUsedL !== null);

  let previousCounter: Sample | null = null;
  let previousLevel: Sample | null = null;
  for (const sample of samples) {
    if (hasCounter && sample.fuelUsedL !== null) {
      if (previousCounter?.fuelUsedL != null) {
        const litres = sample.fuelUsedL - previousCounter.fuelUsedL;
        const hours = (sample.timeMs - previousCounter.timeMs) / 3_600_000;
        // A counter that resets or runs backwards, or jumps faster than any engine burns, is not use.
        if (litres >= 0 && litres <= MAX_FUEL_RATE_LH * Math.max(hours, 1 / 60)) {
          result.uses.push({ fromMs: previousCounter.timeMs, toMs: sample.timeMs, litres });
          result.measured = true;
        }
      }
      previousCounter = sample;
    }
    if (sample.fuelLevelL !== null) {
      if (previousLevel?.fuelLevelL != null) {
        const drop = previousLevel.fuelLevelL - sample.fuelLevelL;
        const running = sampleState(previousLevel, profile);
        if (-drop >= profile.minRefuellingL) {
          result.refills.push({ atMs: sample.timeMs, litres: -drop });
        } else if (running === 'off' && drop >= profile.minDippingL) {
          result.thefts.push({ atMs: sample.timeMs, litres: drop });
        } else if (!hasCounter && running !== 'off') {
          result.uses.push({ fromMs: previousLevel.timeMs, toMs: sample.timeMs, litres: drop });
          result.measured = true;
        }
      }
      previousLevel = sample;
    }
  }
  return result;
}
