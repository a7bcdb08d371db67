// The dashboard's categories: one row per machine category, sortable by any column (spec point 4);
// a row opens the machine list with that category, the same range and the same filters.
import {
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { CategoryRow } from '../../domain/api/dashboard.ts';
import {
  DEFAULT_CATEGORY_SORT,
  sortCategories,
  type CategorySortKey,
} from '../../domain/categorySort.ts';
import { MetricCell } from './MetricCell.tsx';

const METRIC_COLUMNS: CategorySortKey[] = [
  'numberOfMachines',
  'activeHours',
  'idleHours',
  'offHours',
  'totalHours',
  'outOfHours',
  'rentalUtilisation',
  'workingUtilisation',
  'fuel',
  'emissions',
  'missingData',
];

export interface CategoryTableProps {
  rows: CategoryRow[];
  /** Columns the organisation's modules switch off. */
  hidden: CategorySortKey[];
  onOpen(category: string | null): void;
}

export function CategoryTable({ rows, hidden, onOpen }: CategoryTableProps) {
  const translate = useTranslate();
  const [sort, setSort] = useState(DEFAULT_CATEGORY_SORT);
  const columns = METRIC_COLUMNS.filter((key) => !hidden.includes(key));
  const sorted = sortCategories(rows, sort.key, sort.descending);
  const header = (key: CategorySortKey, align: 'left' | 'right') => (
    <TableCell
      key={key}
      align={align}
      sortDirection={sort.key === key ? (sort.descending ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key && sort.descending ? 'desc' : 'asc'}
        onClick={() =>
          setSort(
            sort.key === key ? { key, descending: !sort.descending } : { key, descending: false },
          )
        }
      >
        {translate(`app.dashboard.categories.${key}`)}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <Card variant="outlined" data-testid="dashboard-categories">
      <CardContent>
        <Typography variant="h6">{translate('app.dashboard.categories.title')}</Typography>
        {rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('app.dashboard.no_machines')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  {header('category', 'left')}
                  <TableCell sx={{ minWidth: 240 }}>
                    {translate('app.dashboard.categories.types')}
                  </TableCell>
                  {columns.map((key) => header(key, 'right'))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sorted.map((row) => (
                  <TableRow
                    key={row.category ?? ''}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => onOpen(row.category)}
                  >
                    <TableCell>
                      {row.category ?? translate('app.dashboard.categories.uncategorised')}
                    </TableCell>
                    <TableCell>{row.types.join(', ')}</TableCell>
                    {columns.map((key) => (
                      <MetricCell
                        key={key}
                        metric={row[key as Exclude<CategorySortKey, 'category'>]}
                        name={key}
                      />
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
