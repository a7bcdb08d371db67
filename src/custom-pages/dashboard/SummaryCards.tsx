// The dashboard's summary cards: the fleet's figures over the range; the productivity card is
// labelled by organisation type (spec point 6), fuel and CO2 only with their modules.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardSummary, EstimatedMetric } from '../../domain/api/dashboard.ts';
import type { Metric } from '../../domain/api/machines.ts';
import { formatNumber } from '../../domain/format.ts';
import type { ProductivityLabel, UtilisationMetric } from '../../domain/productivity.ts';
import { BeyondFull } from '../../common/BeyondFull.tsx';

function Figure({
  label,
  metric,
  name = '',
}: {
  label: string;
  metric: Metric | EstimatedMetric;
  /** The metric's name, for a figure that needs saying why (a utilisation above 100 %). */
  name?: string;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const estimated = 'estimated' in metric && metric.estimated;
  return (
    <Card variant="outlined" sx={{ flex: '1 1 150px', maxWidth: 220 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography variant="h5" component="div">
          {metric.value === null ? '–' : formatNumber(metric.value, language)}
        </Typography>
        <BeyondFull metric={name} value={metric.value} caption />
        {estimated ? (
          <Typography variant="caption" color="text.secondary">
            {translate('app.dashboard.estimated')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export interface SummaryCardsProps {
  summary: DashboardSummary;
  productivity: { label: ProductivityLabel; metric: UtilisationMetric };
  modules: { fuel: boolean; co2: boolean };
}

export function SummaryCards({ summary, productivity, modules }: SummaryCardsProps) {
  const translate = useTranslate();
  // The machine list's labels: the two screens show the same figures.
  const label = (key: string) => translate(`app.machines.summary.${key}`);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} data-testid="dashboard-summary">
      <Figure label={label('machines')} metric={summary.numberOfMachines} />
      <Figure label={label('on_hire')} metric={summary.onHire} />
      <Figure label={label('with_activity')} metric={summary.withActivity} />
      <Figure
        label={translate(`app.dashboard.productivity.${productivity.label}`)}
        metric={summary[productivity.metric]}
        name={productivity.metric}
      />
      <Figure label={label('active_hours')} metric={summary.activeHours} />
      <Figure label={label('idle_hours')} metric={summary.idleHours} />
      <Figure label={label('out_of_hours')} metric={summary.outOfHours} />
      {modules.fuel ? <Figure label={label('fuel')} metric={summary.fuelUtilisation} /> : null}
      {modules.co2 ? <Figure label={label('co2')} metric={summary.emissionsUtilisation} /> : null}
    </Box>
  );
}
