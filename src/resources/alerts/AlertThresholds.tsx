// The organisation's alert thresholds, which its admins set from /alerts: when an idle run becomes
// an alert, the battery level a device's alert comes at, and the volts below which a tracker's
// external supply is cut.
import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { accountKeys } from '../../dataProvider/account.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  LOW_BATTERY_LEVELS,
  MAX_IDLE_ALERT_MINUTES,
  MAX_POWER_CUT_V,
  MIN_POWER_CUT_V,
  type LowBatteryLevel,
} from '../../domain/api/alerts.ts';
import type { UserSettingsReply } from '../../domain/api/session.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';

const MIN_IDLE_MINUTES = 5;

function ThresholdsDialog({
  current,
  onClose,
}: {
  current: UserSettingsReply['properties'];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState(String(current.idleAlertMinutes));
  const [level, setLevel] = useState<LowBatteryLevel>(current.lowBatteryAlertLevel);
  const [volts, setVolts] = useState(String(current.powerCutAlertV));
  const idleMinutes = Number(minutes);
  const powerCutV = Number(volts);
  const minutesValid =
    Number.isInteger(idleMinutes) &&
    idleMinutes >= MIN_IDLE_MINUTES &&
    idleMinutes <= MAX_IDLE_ALERT_MINUTES;
  const voltsValid =
    volts.trim() !== '' && powerCutV >= MIN_POWER_CUT_V && powerCutV <= MAX_POWER_CUT_V;
  const save = useMutation({
    mutationFn: () =>
      dataProvider.setAlertSettings({ idleMinutes, lowBatteryLevel: level, powerCutV }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.settings });
      notify('app.alerts.threshold_saved', { type: 'success' });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.alerts.thresholds')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {save.error ? <Alert severity="error">{save.error.message}</Alert> : null}
        <TextField
          size="small"
          type="number"
          label={translate('app.alerts.idle_threshold')}
          value={minutes}
          error={!minutesValid}
          onChange={(event) => setMinutes(event.target.value)}
          slotProps={{ htmlInput: { min: MIN_IDLE_MINUTES, max: MAX_IDLE_ALERT_MINUTES } }}
          sx={{ mt: 1 }}
        />
        <TextField
          select
          size="small"
          label={translate('app.alerts.battery_level')}
          value={level}
          onChange={(event) => setLevel(event.target.value as LowBatteryLevel)}
        >
          {LOW_BATTERY_LEVELS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {translate(`app.alerts.battery_levels.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={translate('app.alerts.power_cut_v')}
          value={volts}
          error={!voltsValid}
          onChange={(event) => setVolts(event.target.value)}
          slotProps={{ htmlInput: { min: MIN_POWER_CUT_V, max: MAX_POWER_CUT_V, step: 0.5 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!minutesValid || !voltsValid || save.isPending}
          onClick={() => save.mutate()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The "Thresholds" button and its dialog: for admins, who may change the organisation's rules. */
export function AlertThresholds() {
  const translate = useTranslate();
  const current = useUserSettings().data?.properties;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={!current} onClick={() => setOpen(true)}>
        {translate('app.alerts.thresholds')}
      </Button>
      {open && current ? (
        <ThresholdsDialog current={current} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
