// A day's (or the range's) figures; null figures are unknown for this caller and show as –.
import { Box, Stack } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ActivityDay, ActivityState } from '../../../domain/api/machineActivity.ts';
import { formatHours, formatNumber } from '../../../domain/format.ts';
import { ACTIVITY_COLOURS } from './activityColours.ts';
import { DetailField as Field } from './DetailField.tsx';

const STATES: ActivityState[] = ['active', 'idle', 'off', 'missing', 'brokendown'];
const HOURS_OF: Record<ActivityState, keyof ActivityDay> = {
  active: 'activeHours',
  idle: 'idleHours',
  off: 'offHours',
  missing: 'missingHours',
  brokendown: 'brokendownHours',
};

export function ActivityFigures({ days }: { days: ActivityDay[] }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const sum = (key: keyof ActivityDay) =>
    days.some((d) => d[key] === null)
      ? null
      : days.reduce((total, d) => total + ((d[key] as number | null) ?? 0), 0);
  const number = (value: number | null, digits = 1) =>
    value === null ? '–' : formatNumber(value, language, digits);
  const estimated = days.some((d) => d.fuelEstimated);
  return (
    <Stack direction="row" flexWrap="wrap" gap={2}>
      {STATES.map((state) => (
        <Field key={state} label={translate(`app.machine.states.${state}`)}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="span"
              sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: ACTIVITY_COLOURS[state] }}
            />
            {formatHours(sum(HOURS_OF[state]) ?? 0)}
          </Box>
        </Field>
      ))}
      <Field label={translate('app.machine.out_of_hours')}>
        {sum('outOfHours') === null ? '–' : formatHours(sum('outOfHours') ?? 0)}
      </Field>
      <Field label={translate('app.machine.fuel')}>
        {number(sum('fuelL'))} l{estimated ? ` (${translate('app.machine.estimated')})` : ''}
      </Field>
      <Field label={translate('app.machine.co2')}>{number(sum('co2Kg'))} kg</Field>
      <Field label={translate('app.machine.distance')}>{number(sum('distanceKm'))} km</Field>
      <Field label={translate('app.machine.trips')}>{number(sum('trips'), 0)}</Field>
      <Field label={translate('app.machine.refills')}>{number(sum('refills'), 0)}</Field>
      <Field label={translate('app.machine.thefts')}>{number(sum('thefts'), 0)}</Field>
    </Stack>
  );
}
