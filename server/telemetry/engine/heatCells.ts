// Where a machine worked, per local day, on a fixed grid: the heat maps read these cells instead of
// scanning raw records (docs/activity.md, "Heat maps"). A fix holds its place until the next fix,
// for at most MISSING_FACTOR of its source's reporting intervals; of that time, what falls in an
// active segment is working time in the fix's cell, and what the fix reports as travel (speed at
// least WORKING_SPEED_KMH) is moving time at that speed.
import { HEAT_CELL_DEG } from '../../../src/domain/api/heatmap.ts';
import { forEachDayPiece, LocalDays } from './daily.ts';
import type { CellSums } from './heatPack.ts';
import { MISSING_FACTOR, WORKING_SPEED_KMH } from './rules.ts';
import type { Sample, Segment } from './sample.ts';

export const cellOf = (degrees: number) => Math.floor(degrees / HEAT_CELL_DEG);

/** The cells of one machine's window [fromMs, toMs) per local day, from its samples and segments. */
export function heatCells(
  samples: Sample[],
  segments: Segment[],
  timeZone: string,
  fromMs: number,
  toMs: number,
): Map<string, CellSums[]> {
  const active = segments.filter((segment) => segment.state === 'active');
  const fixes = samples.filter((s) => s.latitude !== null && s.longitude !== null);
  const cells = new Map<string, CellSums>();
  const byDay = new Map<string, CellSums[]>();
  const days = new LocalDays(timeZone);
  let first = 0;
  fixes.forEach((fix, i) => {
    const start = Math.max(fix.timeMs, fromMs);
    const end = Math.min(
      fixes[i + 1]?.timeMs ?? toMs,
      fix.timeMs + MISSING_FACTOR * fix.expectedIntervalS * 1000,
      toMs,
    );
    if (end <= start) return;
    while (first < active.length && (active[first] as Segment).toMs <= start) first++;
    const latCell = cellOf(fix.latitude as number);
    const lngCell = cellOf(fix.longitude as number);
    const speedKmh = fix.speedKmh ?? 0;
    const moving = speedKmh >= WORKING_SPEED_KMH;
    for (let j = first; j < active.length && (active[j] as Segment).fromMs < end; j++) {
      const segment = active[j] as Segment;
      const from = Math.max(start, segment.fromMs);
      const to = Math.min(end, segment.toMs);
      if (to <= from) continue;
      forEachDayPiece(from, to, days, (day, pieceFrom, pieceTo) => {
        const key = `${day}|${latCell}|${lngCell}`;
        let cell = cells.get(key);
        if (!cell) {
          cell = { latCell, lngCell, workingS: 0, movingS: 0, speedSumKmhS: 0, maxSpeedKmh: 0 };
          cells.set(key, cell);
          const list = byDay.get(day) ?? [];
          list.push(cell);
          byDay.set(day, list);
        }
        const seconds = (pieceTo - pieceFrom) / 1000;
        cell.workingS += seconds;
        if (moving) {
          cell.movingS += seconds;
          cell.speedSumKmhS += seconds * speedKmh;
          cell.maxSpeedKmh = Math.max(cell.maxSpeedKmh, speedKmh);
        }
      });
    }
  });
  return byDay;
}
