// A tank's calibration turns a level sensor's percent into litres (uploaded per machine).
import type { CalibrationPoint } from '../../../src/domain/api/machineSettings.ts';

/** Litres for a level, linear between the calibration's points and clamped at its ends. */
export function litresAtLevel(points: CalibrationPoint[], levelPercent: number): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return Number.NaN;
  if (levelPercent <= first.levelPercent) return first.litres;
  if (levelPercent >= last.levelPercent) return last.litres;
  const upper = points.findIndex((p) => p.levelPercent >= levelPercent);
  const a = points[upper - 1] as CalibrationPoint;
  const b = points[upper] as CalibrationPoint;
  return (
    a.litres +
    ((levelPercent - a.levelPercent) / (b.levelPercent - a.levelPercent)) * (b.litres - a.litres)
  );
}
