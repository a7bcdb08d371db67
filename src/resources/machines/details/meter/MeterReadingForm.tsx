// A reading to add by hand: when it was read (on the user's clock) and what the meter showed; a
// new meter with the value it started at, or a meter past its last digit. A value below the meter's
// is refused by the server, which says the current reading.
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { dateTimeInputValue, instantOfInput } from '../../../../domain/format.ts';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import type { MeterReadingBody } from '../../../../domain/api/meters.ts';
import { InstantPicker } from '../../../../common/pickers.tsx';
import { useTimeZone } from '../../../../settings/useTimeZone.ts';
import { useMachineWrite } from '../settings/useMachineWrite.ts';

const KINDS = ['reading', 'replacement', 'rollover'] as const;
type Kind = (typeof KINDS)[number];

export function MeterReadingForm({ machineId }: { machineId: string }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const { run, busy } = useMachineWrite(machineId);
  const [readAt, setReadAt] = useState(() => dateTimeInputValue(new Date(), timeZone));
  const [value, setValue] = useState('');
  const [kind, setKind] = useState<Kind>('reading');
  const [starting, setStarting] = useState('0');
  const valueH = parseLocaleNumber(value, language);
  const startingValueH = parseLocaleNumber(starting, language);
  const at = readAt ? instantOfInput(readAt, timeZone) : null;
  const valid =
    valueH !== null &&
    valueH >= 0 &&
    at !== null &&
    (kind !== 'replacement' || (startingValueH !== null && startingValueH >= 0));

  const submit = async () => {
    if (!valid || valueH === null || !at) return;
    const body: MeterReadingBody = { valueH, readAt: at.toISOString() };
    if (kind === 'replacement') body.replacement = { startingValueH: startingValueH ?? 0 };
    if (kind === 'rollover') body.rollover = true;
    const saved = await run(
      (provider) => provider.addMeterReading(machineId, body),
      'app.meters.saved',
    );
    if (saved) {
      setValue('');
      setKind('reading');
    }
  };

  return (
    <Stack
      component="form"
      direction="row"
      gap={1}
      flexWrap="wrap"
      data-testid="meter-reading-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <InstantPicker
        size="small"
        label={translate('app.meters.read_at')}
        value={readAt}
        onChange={setReadAt}
      />
      <TextField
        size="small"
        label={translate('app.meters.value')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'meter-value' } }}
        sx={{ width: 140 }}
      />
      <TextField
        select
        size="small"
        label={translate('app.meters.kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value as Kind)}
        sx={{ width: 160 }}
      >
        {KINDS.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {translate(`app.meters.kinds.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      {kind === 'replacement' ? (
        <TextField
          size="small"
          label={translate('app.meters.starting_value')}
          value={starting}
          onChange={(event) => setStarting(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ width: 200 }}
        />
      ) : null}
      <Button type="submit" variant="outlined" disabled={!valid || busy}>
        {translate('app.meters.add')}
      </Button>
    </Stack>
  );
}
