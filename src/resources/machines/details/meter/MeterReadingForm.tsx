// A reading to add by hand: when it was read (on the user's clock) and what the meter showed,
// with a photo of the dial; a new meter with the value it started at, or a meter past its last
// digit. A value below the meter's is refused by the server, which says the current reading. It
// goes through the outbox: made without a signal, it is sent when the signal comes back.
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { dateTimeInputValue, instantOfInput } from '../../../../domain/format.ts';
import { parseLocaleNumber } from '../../../../domain/localeNumber.ts';
import type { MeterReadingBody } from '../../../../domain/api/meters.ts';
import { InstantPicker } from '../../../../common/pickers.tsx';
import { useTimeZone } from '../../../../settings/useTimeZone.ts';
import { endpoints, pathTo } from '../../../../domain/api/endpoints.ts';
import { useQueuedWrite } from '../../../../outbox/useQueuedWrite.ts';
import { PhotoInput } from '../../../../common/PhotoInput.tsx';

const KINDS = ['reading', 'replacement', 'rollover'] as const;
type Kind = (typeof KINDS)[number];

export function MeterReadingForm({
  machineId,
  machineName,
}: {
  machineId: string;
  machineName: string;
}) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone() ?? 'Europe/London';
  const { write, busy } = useQueuedWrite();
  const [photos, setPhotos] = useState<File[]>([]);
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
    const saved = await write(
      {
        kind: 'meterReading',
        subject: machineName,
        path: pathTo(endpoints.portal.machines.meterReadings, { id: machineId }),
        body,
        photos,
        photoField: 'fileId',
        machineId,
      },
      'app.meters.saved',
    );
    if (saved) {
      setValue('');
      setKind('reading');
      setPhotos([]);
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
      <PhotoInput
        photos={photos}
        onChange={setPhotos}
        max={1}
        label={translate('app.meters.photo')}
        testId="meter-photo"
      />
      <Button type="submit" variant="outlined" disabled={!valid || busy}>
        {translate('app.meters.add')}
      </Button>
    </Stack>
  );
}
