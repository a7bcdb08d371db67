// A report as its reader sees it: a title, and sections each with a table and maybe a bar chart.
// Sections hold their cells as text already (numbers rounded as the column says), so the CSV, the
// PDF and the page in the portal show the same figures.
import type { ReportView } from '../../src/domain/api/reports.ts';
import { cellText, type ReportColumn } from './table.ts';

/** Bars of one or more series each (stacked in the PDF), e.g. active and idle hours per category. */
export interface ReportChart {
  title: string;
  unit: string;
  series: string[];
  bars: { label: string; values: number[] }[];
}

export interface ReportSection {
  title: string;
  headings: string[];
  numeric: boolean[];
  rows: string[][];
  chart: ReportChart | null;
  /** Said in place of the table when it has no rows. */
  empty: string;
  /** Said under the table: what a reader needs to read its figures (a utilisation above 100 %). */
  notes: string[];
}

export interface ReportDocument {
  title: string;
  /** Lines under the title: the organisation, the range, the selection. */
  subtitle: string[];
  sections: ReportSection[];
}

export function section<Row>(
  title: string,
  // The rows say what a row is; the columns are checked against them.
  columns: ReportColumn<NoInfer<Row>>[],
  rows: Row[],
  options: { chart?: ReportChart | null; empty?: string; notes?: string[] } = {},
): ReportSection {
  return {
    title,
    headings: columns.map((c) => c.heading),
    numeric: columns.map((c) => c.decimals !== undefined),
    rows: rows.map((row) => columns.map((c) => cellText(c, row))),
    chart: options.chart ?? null,
    empty: options.empty ?? 'Nothing in this range for this selection.',
    notes: options.notes ?? [],
  };
}

/** The document for a page of the portal: numbers as numbers, empty cells as null. */
export function reportView(document: ReportDocument): ReportView {
  return {
    title: document.title,
    subtitle: document.subtitle,
    sections: document.sections.map((s) => ({
      title: s.title,
      headings: s.headings,
      numeric: s.numeric,
      rows: s.rows.map((row) =>
        row.map((cell, i) => (cell === '' ? null : s.numeric[i] ? Number(cell) : cell)),
      ),
      chart: s.chart,
      notes: s.notes,
    })),
  };
}
