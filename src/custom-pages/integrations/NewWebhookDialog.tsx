// "New webhook": the receiver's address, a description and the events it wants, alerts apart from
// the rest (issue 43). The signing secret is the server's to make; the list shows it after.
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/api/webhooks.ts';

/** An event type's name on screen: an alert's by its alert type, the others their own. */
export function useEventName() {
  const translate = useTranslate();
  return (type: string) =>
    type.startsWith('alert.')
      ? translate(`app.alerts.types.${type.slice('alert.'.length)}`)
      : translate(`app.webhooks.event_${type.replace('.', '_')}`);
}

const GROUPS = [
  ['group_alerts', WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('alert.'))],
  ['group_other', WEBHOOK_EVENT_TYPES.filter((type) => !type.startsWith('alert.'))],
] as const;

export function NewWebhookDialog({ onMade, onClose }: { onMade: () => void; onClose: () => void }) {
  const translate = useTranslate();
  const eventName = useEventName();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await dataProvider.createWebhook({
        url: url.trim(),
        description: description.trim(),
        eventTypes: types,
      });
      onMade();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.webhooks.new')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label={translate('app.webhooks.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          required
          size="small"
          type="url"
          placeholder="https://erp.example.com/portal-events"
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mt: 1 }}
        />
        <TextField
          label={translate('app.webhooks.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          size="small"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {GROUPS.map(([group, groupTypes]) => (
          <FormGroup key={group}>
            <FormLabel>{translate(`app.webhooks.${group}`)}</FormLabel>
            {groupTypes.map((type) => (
              <FormControlLabel
                key={type}
                label={eventName(type)}
                control={
                  <Checkbox
                    size="small"
                    checked={types.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                    slotProps={{ input: { 'aria-label': type } }}
                  />
                }
              />
            ))}
          </FormGroup>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={saving || url.trim() === '' || types.length === 0}
          onClick={() => void save()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
