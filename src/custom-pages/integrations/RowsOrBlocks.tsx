// The integrations tab's lists (API clients, webhooks, deliveries): a table with a column per cell
// and the row's actions last, or on a phone a block per row of "label: value" lines.
import {
  Box,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { usePhone } from '../../common/phone.tsx';

export type Cells = [label: string, value: ReactNode][];

export function RowsOrBlocks<Row extends { id: string }>({
  rows,
  cellsOf,
  actions,
  testId,
}: {
  rows: Row[];
  cellsOf: (row: Row) => Cells;
  actions: (row: Row) => ReactNode;
  testId: string;
}) {
  const phone = usePhone();
  if (phone) {
    return (
      <Stack gap={1.5} divider={<Divider />} data-testid={testId}>
        {rows.map((row) => (
          <Stack key={row.id} gap={0.25}>
            {cellsOf(row).map(([label, value]) => (
              <Typography
                key={label}
                variant="body2"
                component="div"
                sx={{ overflowWrap: 'anywhere' }}
              >
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {label}:{' '}
                </Box>
                {value}
              </Typography>
            ))}
            <Box>{actions(row)}</Box>
          </Stack>
        ))}
      </Stack>
    );
  }
  const headings = rows[0] ? cellsOf(rows[0]).map(([label]) => label) : [];
  return (
    <TableContainer>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {headings.map((label) => (
              <TableCell key={label}>{label}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {cellsOf(row).map(([label, value]) => (
                <TableCell key={label}>{value}</TableCell>
              ))}
              <TableCell>{actions(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
