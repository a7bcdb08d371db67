// The hour meter: what it reads now (the last correction plus engine hours since), and a form to
// correct it with what the meter showed at a moment.
import { Button, Stack, TextField, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime, formatNumber } from '../../../../domain/format.ts';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import { Section, type SectionProps } from './Section.tsx';
import { useMachineWrite } from './useMachineWrite.ts';
import { useTimeZone } from '../../../../settings/useTimeZone.ts';
import { InstantPicker } from '../../../../common/pickers.tsx';

export function HourMeterSection({ machine, settings, canWrite }: SectionProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const { run, busy } = useMachineWrite(machine.id);
  const [time, setTime] = useState(() => format(new Date(), "yyyy-MM-dd'T'HH:mm"));
  const [value, setValue] = useState('');
  const reading = settings.hourMeterReading;
  const number = parseLocaleNumber(value, language);
  const valid = number !== null && number >= 0 && time !== '';

  return (
    <Section title={translate('app.machine.settings.hour_meter')}>
      <Typography variant="h6" component="p" data-testid="hour-meter">
        {machine.hourMeter === null ? '–' : `${formatNumber(machine.hourMeter, language)} h`}
      </Typography>
      {reading ? (
        <Typography variant="caption" color="text.secondary">
          {translate('app.machine.settings.hour_meter_reading', {
            value: formatNumber(reading.value, language),
            time: formatDateTime(reading.time, language, timeZone),
          })}
        </Typography>
      ) : null}
      {canWrite ? (
        <Stack
          component="form"
          direction="row"
          gap={1}
          flexWrap="wrap"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            void run((provider) =>
              provider.correctHourMeter(machine.id, {
                time: new Date(time).toISOString(),
                value: number ?? 0,
                timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
              }),
            ).then((saved) => saved && setValue(''));
          }}
        >
          <InstantPicker
            size="small"
            label={translate('app.machine.settings.read_at')}
            value={time}
            onChange={setTime}
          />
          <TextField
            size="small"
            label={translate('app.machine.settings.meter_value')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 130 }}
          />
          <Button type="submit" variant="outlined" disabled={!valid || busy}>
            {translate('app.machine.settings.correct')}
          </Button>
        </Stack>
      ) : null}
    </Section>
  );
}
