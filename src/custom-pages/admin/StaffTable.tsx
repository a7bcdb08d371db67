// The staff screens' table: headings from translation keys, one row per item, figures on the
// right, a row's detail under it while open, and a scroll of its own at phone width instead of a
// page wider than the phone.
import { Fragment, type ReactNode } from 'react';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../common/useFormat.ts';

export interface StaffColumn<Row> {
  /** The heading's translation key; none for a column of actions. */
  label?: string;
  /** Figures line up on the right. */
  numeric?: boolean;
  /** Long text wraps within this width (px). */
  maxWidth?: number;
  /** A number is shown in the user's language (1.234,5 in German). */
  cell(row: Row): ReactNode;
}

export interface StaffTableProps<Row> {
  /** The table's accessible name, a translation key. */
  label: string;
  columns: readonly StaffColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** What an empty table says, a translation key; nothing under the headings when not given. */
  empty?: string;
  /** A row's detail, across the whole table under the row, or nothing while it is closed. */
  detail?: (row: Row) => ReactNode;
}

export function StaffTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  detail,
}: StaffTableProps<Row>) {
  const translate = useTranslate();
  const format = useFormat();
  const shown = (content: ReactNode) =>
    typeof content === 'number' ? format.number(content) : content;
  return (
    <TableContainer>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell key={column.label ?? index} align={column.numeric ? 'right' : undefined}>
                {column.label ? translate(column.label) : null}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {empty && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{translate(empty)}</TableCell>
            </TableRow>
          ) : null}
          {rows.map((row) => {
            const open = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <TableRow>
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.label ?? index}
                      align={column.numeric ? 'right' : undefined}
                      sx={column.maxWidth ? { maxWidth: column.maxWidth } : undefined}
                    >
                      {shown(column.cell(row))}
                    </TableCell>
                  ))}
                </TableRow>
                {open ? (
                  <TableRow>
                    <TableCell colSpan={columns.length}>{open}</TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
