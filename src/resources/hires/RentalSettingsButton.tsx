// The rental company's settings on /hires (issue 41): the currency over-use is charged in, when two
// hour-meter sources count as drifting apart (the larger of some hours and a share of the hours
// counted over 30 days), and how many working days without work make a machine idle on hire.
import Settings from '@mui/icons-material/Settings';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { RentalSettings } from '../../domain/api/hires.ts';
import { parseLocaleNumber } from '../../domain/localeNumber.ts';
import { useFormat } from '../../common/useFormat.ts';

const KEY = ['rental-settings'];

export function RentalSettingsButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<Settings />} onClick={() => setOpen(true)}>
        {translate('app.hires.settings.button')}
      </Button>
      {open ? <RentalSettingsDialog close={() => setOpen(false)} /> : null}
    </>
  );
}

function RentalSettingsDialog({ close }: { close: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data } = useQuery({ queryKey: KEY, queryFn: () => dataProvider.getRentalSettings() });
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.hires.settings.title')}</DialogTitle>
      {data ? <SettingsForm stored={data} close={close} /> : null}
    </Dialog>
  );
}

function SettingsForm({ stored, close }: { stored: RentalSettings; close: () => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const [language] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [currency, setCurrency] = useState(stored.currency);
  const [hours, setHours] = useState(format.number(stored.driftHours));
  const [percent, setPercent] = useState(format.number(stored.driftPercent));
  const [idleDays, setIdleDays] = useState(String(stored.idleOnHireDays));
  const [error, setError] = useState<string | null>(null);
  const driftHours = parseLocaleNumber(hours, language);
  const driftPercent = parseLocaleNumber(percent, language);
  const idleOnHireDays = /^\d+$/.test(idleDays) ? Number(idleDays) : null;
  const valid =
    /^[A-Z]{3}$/.test(currency) &&
    driftHours !== null &&
    driftHours >= 0.1 &&
    driftPercent !== null &&
    driftPercent >= 0.1 &&
    driftPercent <= 100 &&
    idleOnHireDays !== null &&
    idleOnHireDays >= 1 &&
    idleOnHireDays <= 60;
  const save = async () => {
    if (!valid || driftHours === null || driftPercent === null || idleOnHireDays === null) return;
    try {
      await dataProvider.saveRentalSettings({ currency, driftHours, driftPercent, idleOnHireDays });
      await queryClient.invalidateQueries({ queryKey: KEY });
      notify('app.hires.settings.saved', { type: 'success' });
      close();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <>
      <DialogContent>
        <Stack gap={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            label={translate('app.hires.settings.currency')}
            helperText={translate('app.hires.settings.currency_help')}
            value={currency}
            onChange={(event) => setCurrency(event.target.value.toUpperCase())}
            slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'rental-currency' } }}
          />
          <TextField
            label={translate('app.hires.settings.drift_hours')}
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={translate('app.hires.settings.drift_percent')}
            helperText={translate('app.hires.settings.drift_help')}
            value={percent}
            onChange={(event) => setPercent(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label={translate('app.hires.settings.idle_days')}
            helperText={translate('app.hires.settings.idle_days_help')}
            value={idleDays}
            onChange={(event) => setIdleDays(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
}
