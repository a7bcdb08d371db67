// /reports?reportId=…: the user's reports (the types of their categories: open one as a page, or
// make a file of it), the organisation's scheduled reports (made, changed, paused, deleted and
// run now by admins) and, for the one reportId names, its runs: when, how it went, its size, who
// got it, and its file.
import Add from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { reportKeys } from '../../dataProvider/reports.ts';
import type { ReportRun, ReportSchedule, ReportType } from '../../domain/api/reports.ts';
import { links } from '../../domain/paths.ts';
import { When } from '../../common/fields.tsx';
import { useCaller } from '../../common/useCaller.ts';
import { saveBlob } from '../../common/saveBlob.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { ScheduleActions } from './ScheduleActions.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { useFormat } from '../../common/useFormat.ts';

const RUN_COLOUR = {
  queued: 'default',
  running: 'info',
  sent: 'success',
  failed: 'error',
} as const;

function Runs({ schedule }: { schedule: ReportSchedule }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const runs = useQuery({
    queryKey: reportKeys.runs(schedule.id),
    queryFn: ({ signal }) => dataProvider.listReportRuns(schedule.id, signal),
    // A run under way is followed until it is sent or has failed.
    refetchInterval: (query) =>
      (query.state.data ?? []).some((r) => r.status === 'queued' || r.status === 'running')
        ? 3000
        : false,
  });
  const download = async (run: ReportRun) => {
    if (!run.reportFileId) return;
    saveBlob(
      await dataProvider.downloadReportFile(run.reportFileId),
      `${schedule.type}-${run.slotAt.slice(0, 10)}.${schedule.format}`,
    );
  };
  return (
    <Card data-testid="report-runs">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate('app.reports.runs.title', { name: schedule.name })}
        </Typography>
        {runs.data && runs.data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.reports.runs.none')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.reports.runs.when')}</TableCell>
                  <TableCell>{translate('app.reports.runs.status')}</TableCell>
                  <TableCell align="right">{translate('app.reports.runs.size')}</TableCell>
                  <TableCell>{translate('app.reports.runs.recipients')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(runs.data ?? []).map((run) => (
                  <TableRow key={run.id}>
                    <TableCell>
                      <When value={run.slotAt} />
                      {run.trigger === 'now' ? ` · ${translate('app.reports.runs.now')}` : ''}
                    </TableCell>
                    <TableCell>
                      <Tooltip title={run.error ?? ''}>
                        <Chip
                          size="small"
                          color={RUN_COLOUR[run.status]}
                          label={translate(`app.reports.runs.statuses.${run.status}`, {
                            attempts: run.attempts,
                          })}
                        />
                      </Tooltip>
                    </TableCell>
                    <TableCell align="right">
                      {run.sizeBytes === null ? '' : format.bytes(run.sizeBytes)}
                    </TableCell>
                    <TableCell>{run.recipients.join(', ')}</TableCell>
                    <TableCell>
                      {run.reportFileId ? (
                        <Button size="small" onClick={() => void download(run)}>
                          {translate('app.files.download')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** The organisation's scheduled reports: what, how often, the next run and how the last went. */
function SchedulesTable({
  schedules,
  selectedId,
  onSelect,
  actionsOf,
}: {
  schedules: ReportSchedule[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  actionsOf: (schedule: ReportSchedule) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <TableContainer>
      <Table size="small" data-testid="report-schedules">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.reports.schedules.name')}</TableCell>
            <TableCell>{translate('app.reports.create.type')}</TableCell>
            <TableCell>{translate('app.reports.schedules.frequency')}</TableCell>
            <TableCell>{translate('app.reports.schedules.next_run')}</TableCell>
            <TableCell>{translate('app.reports.schedules.last_run')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {schedules.map((s) => (
            <TableRow
              key={s.id}
              hover
              selected={s.id === selectedId}
              onClick={() => onSelect(s.id)}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell>{s.name}</TableCell>
              <TableCell>
                {translate(`app.reports.types.${s.type}`)} · {s.format.toUpperCase()}
              </TableCell>
              <TableCell>
                {translate(`app.reports.schedules.frequencies.${s.frequency}`)}
                {s.frequency === 'afterEachShift' ? '' : ` ${String(s.hour).padStart(2, '0')}:00`}
                {s.extraMinutes ? ` +${s.extraMinutes}` : ''} · {s.timezone}
              </TableCell>
              <TableCell>
                {s.paused ? (
                  <Chip size="small" label={translate('app.reports.schedules.paused')} />
                ) : (
                  <When value={s.nextRunAt} />
                )}
              </TableCell>
              <TableCell>
                {s.lastRun ? (
                  <Chip
                    size="small"
                    color={RUN_COLOUR[s.lastRun.status]}
                    label={translate(`app.reports.runs.statuses.${s.lastRun.status}`, {
                      attempts: s.lastRun.attempts,
                    })}
                  />
                ) : null}
              </TableCell>
              <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                {actionsOf(s)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The user's report types: each opened as a page, or made into a file. */
function YourReports({ types, loaded }: { types: ReportType[]; loaded: boolean }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="h6" gutterBottom>
        {translate('app.reports.yours')}
      </Typography>
      {loaded && types.length === 0 ? (
        <Typography color="text.secondary">{translate('app.reports.create.none')}</Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
        }}
      >
        {types.map((type) => (
          <Card key={type} variant="outlined">
            <CardContent sx={{ pb: 0 }}>
              <Typography fontWeight={600}>{translate(`app.reports.types.${type}`)}</Typography>
            </CardContent>
            <CardActions>
              <Button size="small" component={Link} to={links.mmReports({ report: type })}>
                {translate('app.reports.open')}
              </Button>
              <Button size="small" component={Link} to={links.createReportsFile({ type })}>
                {translate('app.reports.make_file')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

export default function ReportsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canWrite } = useCaller();
  const timezone = useTimeZone() ?? 'Europe/London';
  const [params, setParams] = useSearchParams();
  const reportId = params.get('reportId');
  const [editing, setEditing] = useState<ReportSchedule | null | undefined>(undefined);
  const reports = useQuery({
    queryKey: reportKeys.userReports,
    queryFn: ({ signal }) => dataProvider.getUserReports(signal),
  });
  const schedules = useQuery({
    queryKey: reportKeys.schedules,
    queryFn: ({ signal }) => dataProvider.listReportSchedules(signal),
  });
  const types = reports.data?.reportsList.map((r) => r.id) ?? [];
  const selected = schedules.data?.find((s) => s.id === reportId) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.schedules });

  const act = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notify(message, { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    } finally {
      await refresh();
    }
  };
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('app.reports.title')} />
      <YourReports types={types} loaded={reports.isSuccess} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6">{translate('app.reports.schedules.title')}</Typography>
            {canWrite && types.length > 0 ? (
              <Button startIcon={<Add />} onClick={() => setEditing(null)}>
                {translate('app.reports.schedules.create')}
              </Button>
            ) : null}
          </Stack>
          {schedules.data && schedules.data.length === 0 ? (
            <Typography color="text.secondary">
              {translate('app.reports.schedules.none')}
            </Typography>
          ) : (
            <SchedulesTable
              schedules={schedules.data ?? []}
              selectedId={reportId}
              onSelect={(id) => setParams({ reportId: id })}
              actionsOf={(s) =>
                canWrite ? (
                  <ScheduleActions
                    schedule={s}
                    act={act}
                    onRun={() => setParams({ reportId: s.id })}
                    onEdit={() => setEditing(s)}
                  />
                ) : null
              }
            />
          )}
        </CardContent>
      </Card>
      {selected ? <Runs key={selected.id} schedule={selected} /> : null}
      {editing !== undefined ? (
        <ScheduleDialog
          open
          schedule={editing}
          types={types}
          timezone={timezone}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            setParams({ reportId: saved.id });
            notify('app.reports.schedules.saved', { type: 'success' });
            void refresh();
          }}
        />
      ) : null}
    </Box>
  );
}
