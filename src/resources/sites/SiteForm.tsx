// /portal/sites/create (spec point 2): a new site, or with ?siteId= an existing one (also the
// sites resource's create and edit views): its name, code, customer and time zone, and its
// geofence drawn on the map, saved through react-admin's create and update. The server's 400 and
// 409 are shown as they come; nothing typed is lost.
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useCreate, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Site, SiteBody } from '../../domain/api/sites.ts';
import { geofenceProblem } from '../../domain/geofence.ts';
import { isValidTimeZone } from '../../domain/zonedTime.ts';
import {
  completeGeofence,
  draftOf,
  GeofenceEditor,
  type DraftGeofence,
} from './GeofenceEditor.tsx';
import { links } from '../../domain/paths.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { endpoints } from '../../domain/api/endpoints.ts';

function Form({ site }: { site: Site | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [name, setName] = useState(site?.name ?? '');
  const [code, setCode] = useState(site?.code ?? '');
  const [customer, setCustomer] = useState(site?.customer ?? '');
  const [timezone, setTimezone] = useState(site?.timezone ?? '');
  const [draft, setDraft] = useState<DraftGeofence>(draftOf(site?.geofence ?? null));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const geofence = completeGeofence(draft);
    if (!name.trim()) return setProblem(translate('app.sites.form.name_required'));
    if (timezone.trim() && !isValidTimeZone(timezone.trim())) {
      return setProblem(translate('app.sites.form.bad_timezone', { value: timezone }));
    }
    if (!geofence) return setProblem(translate('app.sites.form.geofence_required'));
    const wrong = geofenceProblem(geofence);
    if (wrong) return setProblem(wrong.message);
    setBusy(true);
    setProblem(null);
    const body: SiteBody = {
      name: name.trim(),
      code: code.trim() || null,
      customer: customer.trim() || null,
      timezone: timezone.trim() || null,
      geofence,
    };
    try {
      const saved = (
        site
          ? await update(
              'sites',
              { id: site.id, data: body, previousData: site },
              { mutationMode: 'pessimistic', returnPromise: true },
            )
          : await create('sites', { data: body }, { returnPromise: true })
      ) as Site;
      notify(site ? 'app.sites.form.updated' : 'app.sites.form.created', { type: 'success' });
      void navigate(links.siteOverview(saved.id));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={2} sx={{ maxWidth: 960 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2}>
        <TextField
          label={translate('app.sites.form.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          fullWidth
        />
        <TextField
          label={translate('app.sites.form.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2}>
        <TextField
          label={translate('app.sites.form.customer')}
          value={customer}
          onChange={(e) => setCustomer(e.target.value)}
          fullWidth
        />
        <TextField
          label={translate('app.sites.form.timezone')}
          helperText={translate('app.sites.form.timezone_help')}
          value={timezone}
          onChange={(e) => setTimezone(e.target.value)}
          fullWidth
        />
      </Stack>
      <GeofenceEditor draft={draft} onChange={setDraft} />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Stack direction="row" gap={1}>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {translate('app.sites.form.save')}
        </Button>
        <Button onClick={() => void navigate(links.sitesPortal())}>
          {translate('app.sites.form.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function SiteForm() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const { id } = useParams();
  // The spec's ?siteId=, or the resource's own /sites/:id.
  const siteId = params.get('siteId') ?? id ?? null;
  const site = useGetOne<Site>(
    'sites',
    { id: siteId ?? '' },
    { enabled: siteId !== null, retry: false },
  );
  const title = translate(siteId ? 'app.sites.form.edit_title' : 'app.sites.form.create_title');
  const canCall = useCanCall();
  const canSave = siteId
    ? canCall('PUT', endpoints.portal.sites.item)
    : canCall('POST', endpoints.portal.sites.root);
  if (!canSave)
    return (
      <Box sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="site-form">
        <Title title={title} />
        <Alert severity="info">{translate('app.sites.read_only')}</Alert>
      </Box>
    );
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="site-form">
      <Title title={title} />
      <Typography variant="h5">{title}</Typography>
      {siteId === null ? (
        <Form site={null} />
      ) : site.error ? (
        <Alert severity="error">{translate('app.sites.load_failed')}</Alert>
      ) : site.data ? (
        <Form key={site.data.id} site={site.data} />
      ) : null}
    </Box>
  );
}

export default SiteForm;
