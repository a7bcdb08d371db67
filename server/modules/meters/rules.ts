// The meter's rules (issue 41, docs/rental.md "Hour meters"): where a new reading sits on a source's
// lifetime count, which never goes down. A person's reading below the current one is refused unless
// declared a replacement or a rollover; a device's count that goes back by itself is a rollover when
// it passed its last digit, and otherwise a reset bridged by the engine's own count.
import type { MeterReadingKind } from '../../../src/domain/api/meters.ts';
import { badRequest } from '../../httpError.ts';

/** The reading before the new one on the same source. */
export interface PreviousReading {
  valueH: number;
  offsetH: number;
  lifetimeH: number;
  readAt: Date;
}

export interface ReadingClaim {
  valueH: number;
  replacement?: { startingValueH: number };
  rollover?: boolean;
  /** The older hour-meter call: the value is what the meter shows, whatever came before. */
  correction?: boolean;
  /** From a device or feed rather than a person: a decrease is explained, not refused. */
  automatic?: boolean;
}

export interface PlacedReading {
  kind: MeterReadingKind;
  offsetH: number;
  lifetimeH: number;
}

/** Rounding in the devices' own units (0.05 h) must not read as a decrease. */
const EPSILON_H = 1e-6;

/** A meter with n digits before the point rolls over at 10^n: 9,999.9 h goes to 0 at 10,000. */
export function rolloverModulusH(lastValueH: number): number {
  return 10 ** (Math.floor(Math.log10(Math.max(lastValueH, 1))) + 1);
}

/** Whether a device's count going from `from` to `to` looks like passing its last digit. */
const looksLikeRollover = (from: number, to: number) => {
  const modulus = rolloverModulusH(from);
  return from >= 0.9 * modulus && to < 0.1 * modulus;
};

const hours = (h: number) => `${Math.round(h * 100) / 100} h`;

/**
 * Places a reading after `previous` (none: the source's first). `engineHoursSince` is the engine's
 * own count of active and idle hours from the previous reading to this one: it bridges a replaced
 * meter's last unread hours.
 */
export function placeReading(
  claim: ReadingClaim,
  previous: PreviousReading | undefined,
  engineHoursSince: number,
): PlacedReading {
  const { valueH } = claim;
  if (claim.replacement && claim.rollover) {
    throw badRequest('rollover', 'A reading is a replacement or a rollover, not both');
  }
  if (claim.replacement && valueH < claim.replacement.startingValueH) {
    throw badRequest(
      'replacement.startingValueH',
      `The new meter cannot show less (${hours(valueH)}) than it started at (${hours(claim.replacement.startingValueH)})`,
    );
  }
  if (claim.correction || !previous) {
    if (claim.rollover)
      throw badRequest('rollover', 'There is no earlier reading to roll over from');
    return {
      kind: claim.correction ? 'correction' : claim.replacement ? 'replacement' : 'reading',
      offsetH: 0,
      lifetimeH: valueH,
    };
  }
  if (claim.replacement) {
    // The new meter's own hours since it was fitted, or the engine's count if more: the old meter's
    // unread hours up to the change are not lost.
    const counted = Math.max(engineHoursSince, valueH - claim.replacement.startingValueH);
    const lifetimeH = previous.lifetimeH + counted;
    return { kind: 'replacement', offsetH: lifetimeH - valueH, lifetimeH };
  }
  if (claim.rollover) return rollover(valueH, previous);
  const lifetimeH = valueH + previous.offsetH;
  if (lifetimeH >= previous.lifetimeH - EPSILON_H)
    return { kind: 'reading', offsetH: previous.offsetH, lifetimeH };
  if (!claim.automatic) {
    throw badRequest(
      'valueH',
      `valueH ${hours(valueH)} is below the meter's current reading of ${hours(previous.valueH)} (read at ${previous.readAt.toISOString()}); a new meter is a replacement, a meter past its last digit a rollover`,
    );
  }
  if (looksLikeRollover(previous.valueH, valueH)) return rollover(valueH, previous);
  // A device that lost its count (a reboot, a cleared or swapped tracker) counts on from here: the
  // hours since the last reading are the engine's own count, which the device lost or never read.
  const lifetime = previous.lifetimeH + Math.max(engineHoursSince, 0);
  return { kind: 'reset', offsetH: lifetime - valueH, lifetimeH: lifetime };
}

function rollover(valueH: number, previous: PreviousReading): PlacedReading {
  if (valueH >= previous.valueH) {
    throw badRequest(
      'rollover',
      `The meter did not go back from ${hours(previous.valueH)}: not a rollover`,
    );
  }
  // The modulus is above the last value, so the lifetime count goes on up.
  const offsetH = previous.offsetH + rolloverModulusH(previous.valueH);
  return { kind: 'rollover', offsetH, lifetimeH: valueH + offsetH };
}
