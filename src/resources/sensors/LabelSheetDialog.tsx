// Staff print a sheet of QR labels for a batch of devices: the codes typed or pasted, one a line
// (or separated by commas or spaces), downloaded as a PDF to stick on the devices.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import QrCode from '@mui/icons-material/QrCode2';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { MAX_LABELS } from '../../domain/api/sensors.ts';
import { saveBlob } from '../../common/saveBlob.ts';

const codesOf = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

export function LabelSheetButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codes = codesOf(text);
  const print = async () => {
    setBusy(true);
    setError(null);
    try {
      saveBlob(await dataProvider.printLabels(codes), 'device-labels.pdf');
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button startIcon={<QrCode />} onClick={() => setOpen(true)}>
        {translate('app.devices.labels.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.devices.labels.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            multiline
            minRows={6}
            label={translate('app.devices.labels.codes')}
            helperText={translate('app.devices.labels.help', { max: MAX_LABELS })}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy || codes.length === 0 || codes.length > MAX_LABELS}
            onClick={() => void print()}
          >
            {translate('app.devices.labels.print', { smart_count: codes.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
