// The selected day's card: its date, the selected segment, and the day's figures.
import { Alert, Card, CardContent, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ActivityDay } from '../../../domain/api/machineActivity.ts';
import { formatDate, formatHours, formatTimeIn } from '../../../domain/format.ts';
import { ActivityFigures } from './ActivityFigures.tsx';

export function SelectedDay({
  day,
  segment,
  timeZone,
}: {
  day: ActivityDay;
  segment: ActivityDay['segments'][number] | null;
  timeZone: string;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  return (
    <Card variant="outlined" data-testid="selected-day">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6">
          {translate('app.machine.day_of', {
            date: formatDate(`${day.date}T12:00:00`, language),
          })}
        </Typography>
        {segment ? (
          <Alert severity="info" data-testid="selected-segment" icon={false}>
            {translate('app.machine.segment', {
              state: translate(`app.machine.states.${segment.state}`),
              from: formatTimeIn(segment.from, timeZone),
              to: formatTimeIn(segment.to, timeZone),
              duration: formatHours(
                (Date.parse(segment.to) - Date.parse(segment.from)) / 3_600_000,
              ),
            })}
          </Alert>
        ) : null}
        <ActivityFigures days={[day]} />
      </CardContent>
    </Card>
  );
}
