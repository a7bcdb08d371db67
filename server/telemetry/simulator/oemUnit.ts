// A simulated OEM telematics unit: the cumulative operating hours, idle hours and fuel its machine
// has built up by a moment of its plan, as an ISO 15143-3 feed reports them.
import { burnRateLh } from './device.ts';
import type { LatLon, MachinePlan, SimKind } from './plan.ts';

/** The unit reports on the hour: a snapshot shows the last hour's reading. */
export const OEM_REPORT_MS = 3_600_000;

export interface OemReading {
  atMs: number;
  operatingHoursH: number;
  idleHoursH: number;
  fuelUsedL: number;
  position: LatLon;
}

export interface OemCounterBase {
  operatingHoursH: number;
  idleHoursH: number;
  fuelUsedL: number;
}

/** The last reading at or before `nowMs`; null before the plan starts or while out of coverage. */
export function oemReading(
  kind: SimKind,
  plan: MachinePlan,
  position: LatLon,
  base: OemCounterBase,
  nowMs: number,
): OemReading | null {
  const atMs = Math.floor(nowMs / OEM_REPORT_MS) * OEM_REPORT_MS;
  let operatingS = 0;
  let idleS = 0;
  let fuelL = 0;
  for (const interval of plan.timeline) {
    if (interval.fromMs >= atMs) break;
    if (interval.state === 'missing' && interval.toMs > atMs) return null;
    const seconds = (Math.min(interval.toMs, atMs) - interval.fromMs) / 1000;
    if (interval.state === 'active' || interval.state === 'idle') operatingS += seconds;
    if (interval.state === 'idle') idleS += seconds;
    fuelL += (burnRateLh(kind, interval.state) * seconds) / 3600;
  }
  if (plan.timeline.length === 0 || (plan.timeline[0]?.fromMs ?? Infinity) > atMs) return null;
  return {
    atMs,
    operatingHoursH: base.operatingHoursH + operatingS / 3600,
    idleHoursH: base.idleHoursH + idleS / 3600,
    fuelUsedL: base.fuelUsedL + fuelL,
    position,
  };
}
