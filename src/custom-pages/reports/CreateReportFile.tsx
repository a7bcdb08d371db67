// /create-reports-file?type=…&filter=…&site=…: choose a report, its range, site and format; the
// server makes the file in the background while a progress bar shows the machines done, then it
// is downloaded here or later from the user's files. The machine list's filter arrives in the URL.
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { reportKeys } from '../../dataProvider/reports.ts';
import { presetRange } from '../../domain/datePresets.ts';
import type { ReportFile, ReportFormat, ReportType } from '../../domain/api/reports.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import {
  DateRangeFields,
  FilterChip,
  FormatChoice,
  ReportFileProgress,
  SiteSelect,
} from './ReportFileParts.tsx';

/** How often the file's progress is asked for while it is made. */
const PROGRESS_POLL_MS = 1000;

/** The file being made, asked for again every second until it is done or failed. */
async function downloadReport(dataProvider: PortalDataProvider, made: ReportFile) {
  saveBlob(
    await dataProvider.downloadReportFile(made.id),
    made.fileName ?? `${made.type}.${made.format}`,
  );
}

function useReportFile(dataProvider: PortalDataProvider, fileId: string | null) {
  return useQuery({
    queryKey: reportKeys.file(fileId ?? ''),
    queryFn: ({ signal }) => dataProvider.getReportFile(fileId ?? '', signal),
    enabled: fileId !== null,
    refetchInterval: (query) => {
      const status = (query.state.data as ReportFile | undefined)?.status;
      return status === 'done' || status === 'failed' ? false : PROGRESS_POLL_MS;
    },
  });
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
  const file = useReportFile(dataProvider, fileId);
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
              <DateRangeFields
                start={start}
                end={end}
                onStart={setStart}
                onEnd={setEnd}
                disabled={fileId !== null}
              />
              <SiteSelect
                sites={siteChoices}
                value={chosenSite}
                onChange={setSite}
                disabled={fileId !== null}
              />
              {filter ? (
                <FilterChip
                  filter={filter}
                  onDelete={fileId === null ? () => setFilter('') : undefined}
                />
              ) : null}
              <FormatChoice value={format} onChange={setFormat} disabled={fileId !== null} />
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
        <ReportFileProgress
          made={made}
          onDownload={() => void downloadReport(dataProvider, made)}
          onAnother={() => setFileId(null)}
        />
      ) : null}
    </Box>
  );
}
