// Shares a machine's latest location (POST /v1/portal/maps/share/latest_location/{id}): e-mail
// addresses and WhatsApp numbers, and a copy to oneself. The answer gives the link, when it
// expires, and a WhatsApp button per number with the message filled in.
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { PHONE_NUMBER, type ShareLocationReply } from '../../domain/api/share.ts';
import { formatDateTime } from '../../domain/format.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const split = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);

export interface ShareLocationDialogProps {
  machine: { id: string; name: string } | null;
  onClose(): void;
}

export function ShareLocationDialog({ machine, onClose }: ShareLocationDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [emails, setEmails] = useState('');
  const [numbers, setNumbers] = useState('');
  const [includeSelf, setIncludeSelf] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shared, setShared] = useState<ShareLocationReply | null>(null);

  const close = () => {
    setEmails('');
    setNumbers('');
    setIncludeSelf(false);
    setProblem(null);
    setShared(null);
    onClose();
  };

  const submit = async () => {
    if (!machine) return;
    const emailList = split(emails);
    const whatsappNumberList = split(numbers);
    const badEmail = emailList.find((email) => !EMAIL.test(email));
    const badNumber = whatsappNumberList.find((n) => !new RegExp(PHONE_NUMBER).test(n));
    if (badEmail) return setProblem(translate('app.map.share.invalid_email', { value: badEmail }));
    if (badNumber)
      return setProblem(translate('app.map.share.invalid_number', { value: badNumber }));
    if (emailList.length + whatsappNumberList.length === 0 && !includeSelf) {
      return setProblem(translate('app.map.share.none'));
    }
    setBusy(true);
    setProblem(null);
    try {
      setShared(
        await dataProvider.shareLatestLocation(machine.id, {
          emailList,
          whatsappNumberList,
          includeSelf,
        }),
      );
    } catch (error) {
      setProblem(
        translate('app.map.share.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={machine !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.map.share.title', { name: machine?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {shared ? (
          <SharedResult shared={shared} />
        ) : (
          <Stack gap={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('app.map.share.emails')}
              helperText={translate('app.map.share.emails_help')}
              value={emails}
              onChange={(e) => setEmails(e.target.value)}
              fullWidth
            />
            <TextField
              label={translate('app.map.share.numbers')}
              helperText={translate('app.map.share.numbers_help')}
              value={numbers}
              onChange={(e) => setNumbers(e.target.value)}
              fullWidth
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={includeSelf}
                  onChange={(e) => setIncludeSelf(e.target.checked)}
                />
              }
              label={translate('app.map.share.include_self')}
            />
            {problem ? <Alert severity="error">{problem}</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {shared ? (
          <Button onClick={close}>{translate('app.map.share.close')}</Button>
        ) : (
          <>
            <Button onClick={close}>{translate('app.map.share.cancel')}</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={busy}>
              {translate('app.map.share.send')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What was sent: until when the link works, to whom it was mailed, and the WhatsApp links. */
function SharedResult({ shared }: { shared: ShareLocationReply }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  return (
    <Stack gap={1.5} data-testid="share-result">
      <Typography>
        {translate('app.map.share.sent', {
          time: formatDateTime(shared.expiresAt, language, timeZone),
        })}
      </Typography>
      {shared.emailed.length > 0 ? (
        <Typography>
          {translate('app.map.share.emailed', { emails: shared.emailed.join(', ') })}
        </Typography>
      ) : null}
      <Link href={shared.url} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all' }}>
        {shared.url}
      </Link>
      {shared.whatsappLinks.map((link) => (
        <Button key={link.number} variant="outlined" href={link.url} target="_blank" rel="noopener">
          {translate('app.map.share.whatsapp', { number: link.number })}
        </Button>
      ))}
    </Stack>
  );
}
