// The organisation's minimum satellites for a route point (spec point 5), beside the route it
// changes: admins set it here, and the route is drawn again with it.
import { TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { MAX_ROUTE_MIN_SATELLITES } from '../../domain/api/session.ts';
import { parseLocaleNumber } from '../../domain/localeNumber.ts';
import { useUserSettings } from '../../settings/useUserSettings.ts';
import { accountKeys } from '../../dataProvider/account.ts';
import { mapKeys } from '../../dataProvider/maps.ts';

export function RoutePointSetting({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const stored = useUserSettings().data?.properties.routeMinSatellites;
  // What the admin is typing; the stored value until they type.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (stored === undefined ? '' : String(stored));
  const value = parseLocaleNumber(text, language);
  const valid =
    value !== null && Number.isInteger(value) && value >= 0 && value <= MAX_ROUTE_MIN_SATELLITES;

  const save = async () => {
    if (!valid || value === stored) return setDraft(null);
    try {
      await dataProvider.setRoutePointSettings({ minSatellites: value });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.settings }),
        queryClient.invalidateQueries({ queryKey: mapKeys.routes }),
      ]);
      setDraft(null);
      notify('app.routes.min_satellites_saved', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };

  return (
    <TextField
      size="small"
      sx={{ width: 170 }}
      label={translate('app.routes.min_satellites')}
      value={text}
      disabled={!canWrite || stored === undefined}
      error={text !== '' && !valid}
      helperText={text !== '' && !valid ? `0–${MAX_ROUTE_MIN_SATELLITES}` : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void save();
      }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'route-min-satellites' } }}
    />
  );
}
