// A report as CSV (RFC 4180), safe to open in a spreadsheet. A report of one section is one plain
// table; a report of several has each under a line naming it, with a blank line between them.
import { section, type ReportDocument, type ReportSection } from './document.ts';
import type { ReportTable } from './table.ts';

/** Text a spreadsheet would run as a formula is prefixed with an apostrophe (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet must show it, never run it: the XLSX writer uses the same rule. */
export const neutralised = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

function field(text: string, numeric: boolean): string {
  const safe = numeric ? text : neutralised(text);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function sectionLines({ headings, numeric, rows }: ReportSection): string[] {
  return [
    headings.map((h) => field(h, false)).join(','),
    ...rows.map((row) => row.map((cell, i) => field(cell, numeric[i] === true)).join(',')),
  ];
}

// A byte-order mark so that spreadsheets read the names as UTF-8.
const withBom = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

export function toCsv<Row>({ columns, rows }: ReportTable<Row>): string {
  return withBom(sectionLines(section('', columns, rows)));
}

export function documentCsv({ sections }: ReportDocument): string {
  if (sections.length === 1 && sections[0]) return withBom(sectionLines(sections[0]));
  return withBom(
    sections.flatMap((s, i) => [...(i > 0 ? [''] : []), field(s.title, false), ...sectionLines(s)]),
  );
}
