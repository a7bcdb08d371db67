// The figures above the machine list, from the list call's summary; honest about missing telemetry.
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import type { MachineListSummary } from '../../domain/api/machines.ts';
import { formatNumber } from '../../domain/format.ts';
import { BeyondFull } from '../../common/BeyondFull.tsx';

function Figure({
  label,
  metric,
  value,
  language,
}: {
  label: string;
  metric: string;
  value: number | null;
  language: string;
}) {
  return (
    // Two to a row on a phone, as many as fit on anything wider.
    <Card variant="outlined" sx={{ flex: { xs: '1 1 40%', sm: '0 1 170px' } }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5">{value === null ? '–' : formatNumber(value, language)}</Typography>
        <BeyondFull metric={metric} value={value} caption />
      </CardContent>
    </Card>
  );
}

/** The summary metrics shown as cards, with their catalog keys under app.machines.summary. */
const FIGURES: [keyof MachineListSummary, string][] = [
  ['numberOfMachines', 'machines'],
  ['onHire', 'on_hire'],
  ['withActivity', 'with_activity'],
  ['activeHours', 'active_hours'],
  ['idleHours', 'idle_hours'],
  ['outOfHours', 'out_of_hours'],
  ['rentalUtilisation', 'rental_utilisation'],
  ['workingUtilisation', 'working_utilisation'],
  ['fuelUtilisation', 'fuel'],
  ['emissionsUtilisation', 'co2'],
];

export function MachineSummary() {
  const { meta, total } = useListContext();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const summary = (meta as { summary?: MachineListSummary } | undefined)?.summary;
  if (!summary) return null;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} data-testid="machine-summary">
        {FIGURES.map(([metric, label]) => (
          <Figure
            key={metric}
            metric={metric}
            label={translate(`app.machines.summary.${label}`)}
            value={summary[metric].value}
            language={language}
          />
        ))}
      </Box>
      {summary.withActivity.value === 0 && (total ?? 0) > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.machines.no_telemetry')}
        </Alert>
      )}
    </Box>
  );
}
