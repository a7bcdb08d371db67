// The time after a machine's last record. The engine stops a machine's segments one reporting
// interval after its last record (docs/activity.md); from there to now, or to the range's end,
// nothing is known, and that is "no data" exactly like a gap between records: in the list's and
// the dashboard's missing figures and in the details timeline.
import { SUM_COLUMNS, type RollupSums } from './rollupCache.ts';

const MISSING = SUM_COLUMNS.indexOf('missing_s');

export interface TimeWindow {
  fromMs: number;
  toMs: number;
}

/** Seconds after `endMs` within [fromMs, toMs) and within any of `windows` (disjoint). */
export function silentSeconds(
  endMs: number,
  fromMs: number,
  toMs: number,
  windows: readonly TimeWindow[],
): number {
  let ms = 0;
  for (const window of windows) {
    const from = Math.max(endMs, fromMs, window.fromMs);
    const to = Math.min(toMs, window.toMs);
    if (to > from) ms += to - from;
  }
  return ms / 1000;
}

/** `total` with `seconds` more missing; a machine silent for the whole range is measured too. */
export function withMissing(total: RollupSums, seconds: number): RollupSums {
  const sums = total.sums.slice();
  sums[MISSING] = (sums[MISSING] ?? 0) + seconds;
  return { ...total, sums, days: Math.max(total.days, 1) };
}
