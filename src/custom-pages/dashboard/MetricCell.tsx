// A dashboard metric in a table cell: '–' without data, '≈' before an estimate.
import { TableCell } from '@mui/material';
import { useLocaleState } from 'react-admin';
import type { EstimatedMetric } from '../../domain/api/dashboard.ts';
import type { Metric } from '../../domain/api/machines.ts';
import { formatNumber } from '../../domain/format.ts';

export function MetricCell({ metric }: { metric: Metric | EstimatedMetric }) {
  const [language] = useLocaleState();
  const estimated = 'estimated' in metric && metric.estimated;
  return (
    <TableCell align="right">
      {metric.value === null
        ? '–'
        : `${estimated ? '≈ ' : ''}${formatNumber(metric.value, language)}`}
    </TableCell>
  );
}
