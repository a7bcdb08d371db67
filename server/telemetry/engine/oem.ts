// Activity from OEM feeds (ISO 15143-3 and the like), which report cumulative operating and idle
// hours rather than states: between two readings, the growth of each counter is spread evenly
// over the interval. Counters that reset or run backwards give no hours for that interval.
import { MISSING_FACTOR } from './rules.ts';
import type { Sample, Segment } from './sample.ts';

/** Hours of one interval between two readings, spread evenly over it when split into days. */
export interface OemSpan {
  fromMs: number;
  toMs: number;
  activeS: number;
  idleS: number;
  offS: number;
}

export function oemActivity(samples: Sample[]): { spans: OemSpan[]; missing: Segment[] } {
  const readings = samples.filter((s) => s.oem && s.operatingHoursH !== null);
  const spans: OemSpan[] = [];
  const missing: Segment[] = [];
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1] as Sample;
    const b = readings[i] as Sample;
    const lengthS = (b.timeMs - a.timeMs) / 1000;
    if (lengthS <= 0) continue;
    const operatingS = ((b.operatingHoursH ?? 0) - (a.operatingHoursH ?? 0)) * 3600;
    const idleS =
      a.idleHoursH !== null && b.idleHoursH !== null ? (b.idleHoursH - a.idleHoursH) * 3600 : 0;
    const tooLong = lengthS > a.expectedIntervalS * MISSING_FACTOR;
    // A reset, a counter running backwards, or more idle than operating time is not activity.
    if (tooLong || operatingS < 0 || idleS < 0 || idleS > operatingS) {
      missing.push({ state: 'missing', fromMs: a.timeMs, toMs: b.timeMs });
      continue;
    }
    // An engine cannot run longer than the interval; a counter that says so is capped.
    const engineS = Math.min(operatingS, lengthS);
    const idle = Math.min(idleS, engineS);
    spans.push({
      fromMs: a.timeMs,
      toMs: b.timeMs,
      activeS: engineS - idle,
      idleS: idle,
      offS: lengthS - engineS,
    });
  }
  return { spans, missing };
}
