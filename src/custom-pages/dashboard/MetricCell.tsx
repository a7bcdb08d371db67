// A dashboard metric in a table cell: '–' without data, '≈' before an estimate.
import { TableCell } from '@mui/material';
import { useLocaleState } from 'react-admin';
import type { EstimatedMetric } from '../../domain/api/dashboard.ts';
import type { Metric } from '../../domain/api/machines.ts';
import { formatNumber } from '../../domain/format.ts';
import { BeyondFull } from '../../common/BeyondFull.tsx';

export function MetricCell({
  metric,
  name = '',
}: {
  metric: Metric | EstimatedMetric;
  /** The metric's name, for a figure that needs saying why (a utilisation above 100 %). */
  name?: string;
}) {
  const [language] = useLocaleState();
  const estimated = 'estimated' in metric && metric.estimated;
  return (
    <TableCell align="right">
      {metric.value === null
        ? '–'
        : `${estimated ? '≈ ' : ''}${formatNumber(metric.value, language)}`}
      <BeyondFull metric={name} value={metric.value} />
    </TableCell>
  );
}
