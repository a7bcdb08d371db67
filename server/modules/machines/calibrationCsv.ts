// A tank calibration file: a header `level_percent,litres`, then one point per row. Checked row by
// row so that the user can fix every mistake at once; a file with any error is refused whole.
import type { CalibrationPoint } from '../../../src/domain/api/machineSettings.ts';

export const CALIBRATION_TEMPLATE = `level_percent,litres
0,0
25,52
50,108
75,161
100,215
`;

export const MAX_CALIBRATION_ROWS = 1000;

export interface CalibrationParse {
  points: CalibrationPoint[];
  errors: { row: number; message: string }[];
}

/** A number as a spreadsheet writes it: a decimal point, or a decimal comma when `;` separates. */
function parseNumber(text: string, decimalComma: boolean): number | null {
  const cleaned = (decimalComma ? text.replace(',', '.') : text).trim();
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function parseCalibrationCsv(text: string): CalibrationParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: CalibrationParse['errors'] = [];
  const points: CalibrationPoint[] = [];
  const header = lines[0]?.trim() ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const columns = header.split(separator).map((c) => c.trim().toLowerCase().replace(/^"|"$/g, ''));
  if (columns[0] !== 'level_percent' || columns[1] !== 'litres' || columns.length !== 2) {
    return {
      points,
      errors: [{ row: 1, message: "The header must be 'level_percent,litres'" }],
    };
  }
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? '';
    if (line === '') continue;
    const row = i + 1;
    if (points.length + errors.length >= MAX_CALIBRATION_ROWS) {
      errors.push({ row, message: `At most ${MAX_CALIBRATION_ROWS} points` });
      break;
    }
    const cells = line.split(separator);
    if (cells.length !== 2) {
      errors.push({ row, message: `Expected 2 values, found ${cells.length}` });
      continue;
    }
    const level = parseNumber(cells[0] ?? '', separator === ';');
    const litres = parseNumber(cells[1] ?? '', separator === ';');
    if (level === null || level < 0 || level > 100) {
      errors.push({
        row,
        message: `level_percent must be a number from 0 to 100, not '${cells[0]}'`,
      });
      continue;
    }
    if (litres === null || litres < 0 || litres > 100_000) {
      errors.push({ row, message: `litres must be a number from 0 to 100000, not '${cells[1]}'` });
      continue;
    }
    const previous = points.at(-1);
    if (previous && level <= previous.levelPercent) {
      errors.push({ row, message: 'level_percent must rise from row to row' });
      continue;
    }
    if (previous && litres < previous.litres) {
      errors.push({ row, message: 'litres must not fall as the level rises' });
      continue;
    }
    points.push({ levelPercent: level, litres });
  }
  if (errors.length === 0 && points.length < 2) {
    errors.push({ row: lines.length, message: 'A calibration needs at least 2 points' });
  }
  return { points, errors };
}
