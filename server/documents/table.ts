// A report as a table: columns that know their heading and how to read a row, for CSV and PDF alike.

export interface ReportColumn<Row> {
  heading: string;
  /** Numbers are right-aligned and written with `decimals` places; text as it is. */
  decimals?: number;
  value(row: Row): string | number | null;
}

export interface ReportTable<Row> {
  columns: ReportColumn<Row>[];
  rows: Row[];
}

/** A cell as text: numbers with their decimals and a point, null as empty. */
export function cellText<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '';
  if (typeof value === 'number') return value.toFixed(column.decimals ?? 1);
  return value;
}
