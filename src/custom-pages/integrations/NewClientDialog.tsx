// "New API client": a name, its scopes and an optional last day; once made, its id and secret,
// the secret shown this once with a warning and a copy button (issue 43).
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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Copyable } from './Copyable.tsx';
import { DayPicker } from '../../common/pickers.tsx';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { API_SCOPES, type ApiClientCreated, type ApiScope } from '../../domain/api/apiClients.ts';
import { addDays, startOfZonedDay } from '../../domain/zonedTime.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

function Created({ client, onClose }: { client: ApiClientCreated; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle>{translate('app.integrations.created_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Alert severity="warning">{translate('app.integrations.secret_once')}</Alert>
        <Copyable label={translate('app.integrations.client_id')} value={client.clientId} />
        <Copyable label={translate('app.integrations.client_secret')} value={client.clientSecret} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('app.integrations.done')}
        </Button>
      </DialogActions>
    </>
  );
}

export function NewClientDialog({ onMade, onClose }: { onMade: () => void; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const timeZone = useTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['iso:read']);
  const [lastDay, setLastDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<ApiClientCreated | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      // It works through its last day, to that day's end where the user is.
      const expiresAt = lastDay
        ? startOfZonedDay(addDays(lastDay, 1), timeZone).toISOString()
        : null;
      setMade(await dataProvider.createApiClient({ name: name.trim(), scopes, expiresAt }));
      onMade();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <Dialog open onClose={made ? undefined : onClose} fullWidth maxWidth="sm">
      {made ? (
        <Created client={made} onClose={onClose} />
      ) : (
        <>
          <DialogTitle>{translate('app.integrations.new')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label={translate('app.integrations.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              size="small"
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ mt: 1 }}
            />
            <FormGroup>
              <FormLabel>{translate('app.integrations.scopes')}</FormLabel>
              {API_SCOPES.map((scope) => (
                <FormControlLabel
                  key={scope}
                  label={translate(`app.integrations.scope_${scope.replace(':', '_')}`)}
                  control={
                    <Checkbox
                      checked={scopes.includes(scope)}
                      onChange={(event) => toggle(scope, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
            <Stack gap={0.5}>
              <DayPicker
                label={translate('app.integrations.expires_at')}
                value={lastDay}
                onChange={setLastDay}
                size="small"
              />
              <Typography variant="caption" color="text.secondary">
                {translate('app.integrations.expires_help')}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <Button
              variant="contained"
              disabled={saving || name.trim() === '' || scopes.length === 0}
              onClick={() => void save()}
            >
              {translate('ra.action.save')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
