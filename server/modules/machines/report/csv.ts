// A report table as CSV (RFC 4180), safe to open in a spreadsheet.
import { cellText, type ReportTable } from './table.ts';

/** Text a spreadsheet would run as a formula is prefixed with an apostrophe (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(text: string, numeric: boolean): string {
  const safe = !numeric && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<Row>({ columns, rows }: ReportTable<Row>): string {
  const lines = [columns.map((c) => field(c.heading, false)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((c) => field(cellText(c, row), c.decimals !== undefined)).join(','));
  }
  // A byte-order mark so that spreadsheets read the names as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
