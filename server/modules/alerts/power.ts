// A device's own power as alerts: its battery fell to the organisation's level for its kind of
// device, or the supply it is wired to fell below the organisation's power-cut volts (unplugged,
// cut, or the machine's battery isolated). Pure, on a machine's committed readings.
import type { LowBatteryLevel } from '../../../src/domain/api/alerts.ts';
import { BATTERY_THRESHOLDS_V } from '../../../src/domain/devices.ts';
import type { PowerReading } from '../../telemetry/engine/events.ts';

export interface PowerFall {
  sourceId: string;
  startedAtMs: number;
  atMs: number;
  /** How long it stayed below: to the reading back above, else to the last one below. */
  minutes: number;
}

/**
 * Each fall below the threshold: a reading below it after one at or above it, so a bout already
 * under way when the readings begin (seen by an earlier window) is not raised again.
 */
function falls(
  readings: readonly { atMs: number; value: number }[],
  threshold: number,
): { startedAtMs: number; endMs: number }[] {
  const found: { startedAtMs: number; endMs: number }[] = [];
  let above = false;
  let bout: { startedAtMs: number; endMs: number } | null = null;
  for (const { atMs, value } of readings) {
    if (value >= threshold) {
      if (bout) bout.endMs = atMs;
      bout = null;
      above = true;
      continue;
    }
    if (bout) bout.endMs = atMs;
    else if (above) {
      bout = { startedAtMs: atMs, endMs: atMs };
      found.push(bout);
    }
    above = false;
  }
  return found;
}

function fallsPerSource(
  readings: readonly PowerReading[],
  valueOf: (reading: PowerReading) => number | null,
  thresholdOf: (sourceType: string) => number | null,
): PowerFall[] {
  const bySource = new Map<string, { type: string; values: { atMs: number; value: number }[] }>();
  for (const reading of readings) {
    const value = valueOf(reading);
    if (value === null) continue;
    const source = bySource.get(reading.sourceId) ?? { type: reading.sourceType, values: [] };
    source.values.push({ atMs: reading.atMs, value });
    bySource.set(reading.sourceId, source);
  }
  return [...bySource].flatMap(([sourceId, { type, values }]) => {
    const threshold = thresholdOf(type);
    if (threshold === null) return [];
    return falls(values, threshold).map(({ startedAtMs, endMs }) => ({
      sourceId,
      startedAtMs,
      atMs: startedAtMs,
      minutes: Math.round((endMs - startedAtMs) / 60_000),
    }));
  });
}

/** Batteries falling to the level for their kind; kinds without thresholds (OEM units) never do. */
export const lowBatteries = (readings: readonly PowerReading[], level: LowBatteryLevel) =>
  fallsPerSource(
    readings,
    (r) => r.batteryV,
    (type) => {
      const thresholds = BATTERY_THRESHOLDS_V[type];
      if (!thresholds) return null;
      return level === 'critical' ? thresholds.criticalV : thresholds.lowV;
    },
  );

/** External supplies falling below the power-cut volts. */
export const powerCuts = (readings: readonly PowerReading[], powerCutV: number) =>
  fallsPerSource(
    readings,
    (r) => r.externalVoltageV,
    () => powerCutV,
  );
