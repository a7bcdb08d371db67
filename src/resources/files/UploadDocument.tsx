// Uploading a document: the file, its type, and what it is on (the organisation, one of its sites,
// or a machine found by name). The server checks the kind of file and its size and says why not.
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { DOCUMENT_TYPES, type DocumentType } from '../../domain/api/documents.ts';

type Place = 'organisation' | 'machine' | 'site';

export function UploadDocumentButton({ machineId }: { machineId?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<DocumentType>('manual');
  const [place, setPlace] = useState<Place>(machineId ? 'machine' : 'organisation');
  const [machine, setMachine] = useState<MachineChoice | null>(
    machineId ? { id: machineId, label: '' } : null,
  );
  const [siteId, setSiteId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await dataProvider.uploadDocument(file, {
        type,
        ...(place === 'machine' && machine ? { machineId: machine.id } : {}),
        ...(place === 'site' && siteId ? { siteId } : {}),
      });
      notify('app.files.uploaded', { type: 'success' });
      setOpen(false);
      setFile(null);
      refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const ready =
    file !== null &&
    !busy &&
    (place === 'organisation' || (place === 'machine' ? machine !== null : siteId !== ''));
  return (
    <>
      <Button size="small" startIcon={<UploadFile />} onClick={() => setOpen(true)}>
        {translate('app.files.upload')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.files.upload_title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Button variant="outlined" component="label">
              {file ? file.name : translate('app.files.choose_file')}
              <input
                hidden
                type="file"
                aria-label={translate('app.files.choose_file')}
                accept=".pdf,.png,.jpg,.jpeg,.docx,.xlsx,.csv,.txt"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <TextField
              select
              label={translate('app.files.type')}
              value={type}
              onChange={(event) => setType(event.target.value as DocumentType)}
            >
              {DOCUMENT_TYPES.map((id) => (
                <MenuItem key={id} value={id}>
                  {translate(`app.files.types.${id}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('app.files.on')}
              value={place}
              onChange={(event) => setPlace(event.target.value as Place)}
            >
              {(['organisation', 'machine', 'site'] as const).map((id) => (
                <MenuItem key={id} value={id}>
                  {translate(`app.files.scopes.${id}`)}
                </MenuItem>
              ))}
            </TextField>
            {place === 'machine' && !machineId ? (
              <MachineChooser machine={machine} onChoose={setMachine} />
            ) : null}
            {place === 'site' ? <SiteChooser siteId={siteId} onChoose={setSiteId} /> : null}
            <Alert severity="info">{translate('app.files.accepted')}</Alert>
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!ready} onClick={() => void submit()}>
            {translate('app.files.upload')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

type MachineChoice = { id: string; label: string };

/** Any of the organisation's machines, archived ones too, found by name or asset id. */
function MachineChooser({
  machine,
  onChoose,
}: {
  machine: MachineChoice | null;
  onChoose(machine: MachineChoice | null): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [search, setSearch] = useState('');
  const machines = useQuery({
    queryKey: ['document-machines', search],
    queryFn: ({ signal }) =>
      dataProvider.getList('machines', {
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
        filter: { q: search, startDate: 'max', endDate: 'max', show: 'all' },
        signal,
      }),
  });
  return (
    <Autocomplete
      // Machines of one model share a name: the asset id tells them apart.
      options={(machines.data?.data ?? []).map((m) => ({
        id: String(m.id),
        label: m.assetId ? `${String(m.name)} (${String(m.assetId)})` : String(m.name),
      }))}
      value={machine}
      onChange={(_event, value) => onChoose(value)}
      onInputChange={(_event, value) => setSearch(value)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={translate('app.files.machine')} />}
    />
  );
}

function SiteChooser({ siteId, onChoose }: { siteId: string; onChoose(id: string): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const sites = useQuery({ queryKey: ['sites'], queryFn: () => dataProvider.getSites() });
  return (
    <TextField
      select
      label={translate('app.files.site')}
      value={siteId}
      onChange={(event) => onChoose(event.target.value)}
    >
      {(sites.data?.sites ?? []).map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
