// Which records, and which positions, can be trusted. Suspect records are kept but flagged.
import type { TelemetryRecord } from './record.ts';

const DAY_MS = 86_400_000;
const YEAR_2000_MS = Date.UTC(2000, 0, 1);

/** Why the record as a whole cannot be used, or null. */
export function recordInvalidReason(record: TelemetryRecord, nowMs: number): string | null {
  if (!Number.isFinite(record.deviceTimeMs)) return 'time-unreadable';
  if (record.deviceTimeMs > nowMs + DAY_MS) return 'time-in-future';
  if (record.deviceTimeMs < YEAR_2000_MS) return 'time-before-2000';
  return null;
}

/** Why the position cannot be used as a location, or null (also null when there is no position). */
export function positionInvalidReason(record: TelemetryRecord): string | null {
  const { latitude, longitude } = record;
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 'position-unreadable';
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180)
    return 'position-out-of-range';
  // Spec point 5: a route point needs a non-zero latitude and a non-zero longitude; a receiver
  // without a fix reports zeros, and exactly 0 is never a real fix's value.
  if (latitude === 0 || longitude === 0) return 'position-zero';
  return null;
}
