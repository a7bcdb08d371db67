// /create-reports-file?type=…&filter=…&site=…: choose a report, its range, site and format; the
// server makes the file in the background while a progress bar shows the machines done, then it
// is downloaded here or later from the user's files. The machine list's filter arrives in the URL.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { reportKeys } from '../../dataProvider/reports.ts';
import { presetRange } from '../../domain/datePresets.ts';
import { links } from '../../domain/paths.ts';
import type { ReportFile, ReportFormat, ReportType } from '../../domain/api/reports.ts';
import { decodeFilter } from '../../domain/filterQuery.ts';
import { saveBlob } from '../../common/saveBlob.ts';

/** How often the file's progress is asked for while it is made. */
const PROGRESS_POLL_MS = 1000;

function filterCount(filter: string): number {
  try {
    return Object.values(decodeFilter(filter)).reduce((n, keys) => n + keys.length, 0);
  } catch {
    return 0;
  }
}

export default function CreateReportFile() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params] = useSearchParams();
  const fallback = presetRange('last7Days', new Date());
  const [type, setType] = useState<ReportType | ''>((params.get('type') as ReportType) ?? '');
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [start, setStart] = useState(fallback.startDate);
  const [end, setEnd] = useState(fallback.endDate);
  const [site, setSite] = useState(params.get('site') ?? '');
  const [filter, setFilter] = useState(params.get('filter') ?? '');
  const [fileId, setFileId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reports = useQuery({
    queryKey: reportKeys.userReports,
    queryFn: ({ signal }) => dataProvider.getUserReports(signal),
  });
  const sites = useQuery({ queryKey: ['sites'], queryFn: () => dataProvider.getSites() });
  const file = useQuery({
    queryKey: reportKeys.file(fileId ?? ''),
    queryFn: ({ signal }) => dataProvider.getReportFile(fileId ?? '', signal),
    enabled: fileId !== null,
    refetchInterval: (query) => {
      const status = (query.state.data as ReportFile | undefined)?.status;
      return status === 'done' || status === 'failed' ? false : PROGRESS_POLL_MS;
    },
  });
  const types = reports.data?.reportsList.map((r) => r.id) ?? [];
  // The URL's type and site count only when they are ones the user has.
  const chosen = type && types.includes(type) ? type : (types[0] ?? '');
  const siteChoices = sites.data?.sites ?? [];
  const chosenSite = siteChoices.some((s) => s.id === site) ? site : '';

  const submit = async () => {
    if (!chosen) return;
    setError(null);
    setBusy(true);
    try {
      const created = await dataProvider.createReportFile({
        type: chosen,
        format,
        start,
        end,
        ...(filter ? { filter } : {}),
        ...(chosenSite ? { site: chosenSite } : {}),
      });
      setFileId(created.id);
    } catch (caught) {
      // The server's message names what is wrong (the range, the categories).
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const download = async (made: ReportFile) => {
    saveBlob(
      await dataProvider.downloadReportFile(made.id),
      made.fileName ?? `${made.type}.${made.format}`,
    );
  };

  const made = file.data;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 760 }}>
      <Title title={translate('app.reports.create.title')} />
      <Card>
        <CardContent>
          {reports.isSuccess && types.length === 0 ? (
            <Alert severity="info">{translate('app.reports.create.none')}</Alert>
          ) : (
            <Stack spacing={2}>
              <TextField
                select
                label={translate('app.reports.create.type')}
                value={chosen}
                onChange={(event) => setType(event.target.value as ReportType)}
                disabled={fileId !== null}
              >
                {types.map((id) => (
                  <MenuItem key={id} value={id}>
                    {translate(`app.reports.types.${id}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={2}>
                <TextField
                  type="date"
                  label={translate('app.reports.create.start')}
                  value={start}
                  onChange={(event) => setStart(event.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  disabled={fileId !== null}
                />
                <TextField
                  type="date"
                  label={translate('app.reports.create.end')}
                  value={end}
                  onChange={(event) => setEnd(event.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  disabled={fileId !== null}
                />
              </Stack>
              <TextField
                select
                label={translate('app.reports.create.site')}
                value={chosenSite}
                onChange={(event) => setSite(event.target.value)}
                disabled={fileId !== null}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{translate('app.reports.create.all_sites')}</MenuItem>
                {siteChoices.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              {filter ? (
                <Box>
                  <Chip
                    label={translate('app.reports.create.filter_count', {
                      smart_count: filterCount(filter),
                    })}
                    onDelete={fileId === null ? () => setFilter('') : undefined}
                  />
                </Box>
              ) : null}
              <RadioGroup
                row
                aria-label={translate('app.reports.create.format')}
                value={format}
                onChange={(event) => setFormat(event.target.value as ReportFormat)}
              >
                <FormControlLabel
                  value="pdf"
                  control={<Radio />}
                  label="PDF"
                  disabled={fileId !== null}
                />
                <FormControlLabel
                  value="csv"
                  control={<Radio />}
                  label="CSV"
                  disabled={fileId !== null}
                />
              </RadioGroup>
              {error ? <Alert severity="error">{error}</Alert> : null}
              {fileId === null ? (
                <Box>
                  <Button
                    variant="contained"
                    onClick={() => void submit()}
                    disabled={busy || !chosen}
                  >
                    {translate('app.reports.create.submit')}
                  </Button>
                </Box>
              ) : null}
            </Stack>
          )}
        </CardContent>
      </Card>
      {made ? (
        <Card>
          <CardContent>
            <Stack spacing={1.5}>
              {made.status === 'failed' ? (
                <Alert severity="error">
                  {translate('app.reports.create.failed', { error: made.error ?? '' })}
                </Alert>
              ) : made.status === 'done' ? (
                <Alert severity="success">{translate('app.reports.create.done')}</Alert>
              ) : (
                <>
                  <Typography>
                    {made.machinesTotal === null
                      ? translate('app.reports.create.queued')
                      : translate('app.reports.create.progress', {
                          percent: made.percent,
                          done: made.machinesDone,
                          total: made.machinesTotal,
                        })}
                  </Typography>
                  <LinearProgress
                    variant={made.machinesTotal === null ? 'indeterminate' : 'determinate'}
                    value={made.percent}
                    aria-label={translate('app.reports.create.progress_label')}
                  />
                </>
              )}
              <Stack direction="row" spacing={1}>
                {made.status === 'done' ? (
                  <Button variant="contained" onClick={() => void download(made)}>
                    {translate('app.reports.create.download')}
                  </Button>
                ) : null}
                <Button component={Link} to={links.files({ showFilesTab: 'reports' })}>
                  {translate('app.reports.create.open_files')}
                </Button>
                {made.status === 'done' || made.status === 'failed' ? (
                  <Button onClick={() => setFileId(null)}>
                    {translate('app.reports.create.another')}
                  </Button>
                ) : null}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
