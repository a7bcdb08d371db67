// Breakdown periods over a machine's segments: inside a period everything but work is brokendown,
// including time with no data at all, so a broken machine shows as broken, not as off or missing.
// Work still counts as work: a machine run during repair really ran (docs/activity.md).
import type { Segment } from './sample.ts';

export interface Period {
  fromMs: number;
  toMs: number;
}

/** Sorted, merged copy of the periods. */
function merged(periods: Period[]): Period[] {
  const sorted = periods.filter((p) => p.toMs > p.fromMs).sort((a, b) => a.fromMs - b.fromMs);
  const out: Period[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, p.toMs);
    else out.push({ ...p });
  }
  return out;
}

/** The parts of `from` not covered by `minus`; both sorted and merged. */
function subtract(from: Period[], minus: Period[]): Period[] {
  const out: Period[] = [];
  for (const p of from) {
    let start = p.fromMs;
    for (const m of minus) {
      if (m.toMs <= start || m.fromMs >= p.toMs) continue;
      if (m.fromMs > start) out.push({ fromMs: start, toMs: m.fromMs });
      start = Math.max(start, m.toMs);
    }
    if (start < p.toMs) out.push({ fromMs: start, toMs: p.toMs });
  }
  return out;
}

/**
 * Segments with breakdowns applied, within [windowFromMs, windowToMs). `covered` is time accounted
 * for elsewhere (an OEM feed's hours), which is not filled in as brokendown.
 */
export function applyBreakdowns(
  segments: Segment[],
  breakdowns: Period[],
  covered: Period[],
  windowFromMs: number,
  windowToMs: number,
): Segment[] {
  const periods = merged(
    breakdowns.map((p) => ({
      fromMs: Math.max(p.fromMs, windowFromMs),
      toMs: Math.min(p.toMs, windowToMs),
    })),
  );
  if (periods.length === 0) return segments;
  const result: Segment[] = [];
  for (const segment of segments) {
    if (segment.state === 'active') {
      result.push(segment);
      continue;
    }
    const inside = subtract([segment], subtract([segment], periods));
    for (const part of subtract([segment], periods)) result.push({ ...segment, ...part });
    for (const part of inside) result.push({ state: 'brokendown', ...part });
  }
  const known = merged([...segments, ...covered]);
  for (const gap of subtract(periods, known)) result.push({ state: 'brokendown', ...gap });
  result.sort((a, b) => a.fromMs - b.fromMs);
  // Neighbours in the same state become one segment.
  const joined: Segment[] = [];
  for (const segment of result) {
    const last = joined[joined.length - 1];
    if (last && last.state === segment.state && last.toMs === segment.fromMs)
      last.toMs = segment.toMs;
    else joined.push({ ...segment });
  }
  return joined;
}
