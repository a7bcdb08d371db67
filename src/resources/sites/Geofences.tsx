// /geofences (spec point 2, ?siteId=): draw and edit one site's geofence, chosen from the sites;
// saving keeps the site's other details.
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { Site } from '../../domain/api/sites.ts';
import { geofenceProblem } from '../../domain/geofence.ts';
import {
  completeGeofence,
  draftOf,
  GeofenceEditor,
  type DraftGeofence,
} from './GeofenceEditor.tsx';
import { siteKeys } from '../../dataProvider/sites.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { endpoints } from '../../domain/api/endpoints.ts';

function Editor({ site }: { site: Site }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [draft, setDraft] = useState<DraftGeofence>(draftOf(site.geofence));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const geofence = completeGeofence(draft);
    if (!geofence) return setProblem(translate('app.sites.form.geofence_required'));
    const wrong = geofenceProblem(geofence);
    if (wrong) return setProblem(wrong.message);
    setBusy(true);
    setProblem(null);
    try {
      await dataProvider.updateSite(site.id, {
        name: site.name,
        code: site.code,
        customer: site.customer,
        timezone: site.timezone,
        geofence,
      });
      await queryClient.invalidateQueries({ queryKey: siteKeys.all });
      notify('app.sites.form.updated', { type: 'success' });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={1.5}>
      <GeofenceEditor draft={draft} onChange={setDraft} />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate('app.sites.form.save')}
        </Button>
      </Box>
    </Stack>
  );
}

export function Geofences() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const sites = useQuery({ queryKey: siteKeys.all, queryFn: () => dataProvider.getSites() });
  const siteId = params.get('siteId') ?? '';
  const site = sites.data?.sites.find((s) => s.id === siteId) ?? null;
  const canChange = useCanCall()('PUT', endpoints.portal.sites.item);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="geofences">
      <Title title={translate('app.sites.geofence.title')} />
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" sx={{ flex: 1 }}>
          {translate('app.sites.geofence.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('app.sites.site')}
          value={site ? siteId : ''}
          onChange={(e) => setParams({ siteId: e.target.value })}
          sx={{ minWidth: 280 }}
        >
          {(sites.data?.sites ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {sites.error ? <Alert severity="error">{translate('app.sites.load_failed')}</Alert> : null}
      {!canChange ? (
        <Alert severity="info">{translate('app.sites.read_only')}</Alert>
      ) : site ? (
        <Editor key={site.id} site={site} />
      ) : sites.data ? (
        <Typography color="text.secondary">{translate('app.sites.geofence.choose')}</Typography>
      ) : null}
    </Box>
  );
}

export default Geofences;
