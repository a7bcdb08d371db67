// /admin/machines/{id}: one machine's inner workings. Which devices were on it when (with their
// JSON ingest keys), its hires, one day's raw records beside the segments and the rollup the
// engine made of them, a recompute of chosen days in the background with its progress and what it
// changed, and the audit trail's entries about the machine.
import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type {
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeRun,
} from '../../domain/api/admin.ts';
import { links } from '../../domain/paths.ts';
import { addDays } from '../../domain/zonedTime.ts';
import { When } from '../../common/fields.tsx';
import { STATE_COLOURS } from '../../common/stateColours.ts';
import { AdminScreen, DayRangeFields, Failure, localToday } from './AdminShared.tsx';
import { deviceLinks } from './AdminHome.tsx';
import { SourceKeyCell } from './SourceKeyCell.tsx';
import { StaffTable } from './StaffTable.tsx';
import { DayPicker } from '../../common/pickers.tsx';
import { useFormat } from '../../common/useFormat.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Sources({ workings }: { workings: MachineWorkingsReply }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.machine_page.sources')}
        </Typography>
        <StaffTable
          label="app.admin.machine_page.sources"
          rows={workings.sources}
          rowKey={(source) => `${source.sourceId}|${source.from}`}
          columns={[
            { label: 'app.admin.protocol', cell: (source) => source.type },
            {
              label: 'app.admin.device',
              cell: (source) => (
                <Link component={RouterLink} to={deviceLinks(source.type, source.code).records}>
                  {source.code}
                </Link>
              ),
            },
            {
              label: 'app.admin.machine_page.on_from',
              cell: (source) => <When value={source.from} />,
            },
            {
              label: 'app.admin.machine_page.on_to',
              cell: (source) =>
                source.to ? <When value={source.to} /> : translate('app.admin.machine_page.now'),
            },
            { label: 'app.admin.last_seen', cell: (source) => <When value={source.lastSeenAt} /> },
            {
              cell: (source) =>
                source.to === null ? <SourceKeyCell sourceId={source.sourceId} /> : null,
            },
          ]}
        />
        {workings.hires.length > 0 ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              {translate('app.admin.machine_page.hires')}
            </Typography>
            <Table size="small" aria-label={translate('app.admin.machine_page.hires')}>
              <TableBody>
                {workings.hires.map((hire) => (
                  <TableRow key={hire.id}>
                    <TableCell>{hire.customerName ?? '–'}</TableCell>
                    <TableCell>{hire.siteName ?? '–'}</TableCell>
                    <TableCell>{hire.contractNumber ?? '–'}</TableCell>
                    <TableCell>
                      <When value={hire.startsAt} /> –{' '}
                      {hire.endsAt ? (
                        <When value={hire.endsAt} />
                      ) : (
                        translate('app.admin.machine_page.now')
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The day's segments as a bar across its 24 hours. */
function SegmentBar({ day }: { day: MachineDayReply }) {
  const translate = useTranslate();
  const fromMs = Date.parse(day.from);
  const spanMs = Date.parse(day.to) - fromMs;
  return (
    <Box
      sx={{
        position: 'relative',
        height: 24,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
      }}
      aria-label={translate('app.admin.machine_page.segments')}
    >
      {day.segments.map((segment) => {
        const left = ((Date.parse(segment.from) - fromMs) / spanMs) * 100;
        const width = ((Date.parse(segment.to) - Date.parse(segment.from)) / spanMs) * 100;
        return (
          <Tooltip
            key={segment.from}
            title={`${segment.state} ${segment.from.slice(11, 16)}–${segment.to.slice(11, 16)} UTC`}
          >
            <Box
              data-state={segment.state}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${left}%`,
                width: `${width}%`,
                bgcolor: STATE_COLOURS[segment.state as keyof typeof STATE_COLOURS] ?? '#9e9e9e',
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}

function DayView({ machineId, day }: { machineId: string; day: string }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const result = useQuery({
    queryKey: ['admin', 'machine-day', machineId, day],
    queryFn: ({ signal }) => dataProvider.getMachineDay(machineId, day, signal),
  });
  const data = result.data;
  return (
    <Stack spacing={1}>
      <Failure error={result.error} />
      {data ? (
        <>
          <SegmentBar day={data} />
          {data.rollup ? (
            <Typography variant="body2" data-testid="day-rollup">
              {translate('app.admin.machine_page.rollup', {
                active: format.number(data.rollup.activeH, 2),
                idle: format.number(data.rollup.idleH, 2),
                off: format.number(data.rollup.offH, 2),
                missing: format.number(data.rollup.missingH, 2),
                fuel: format.number(data.rollup.fuelL, 1),
              })}{' '}
              · {translate('app.admin.machine_page.computed')}{' '}
              <When value={data.rollup.computedAt} />
            </Typography>
          ) : (
            <Typography variant="body2">{translate('app.admin.machine_page.no_rollup')}</Typography>
          )}
          <Typography variant="body2">
            {translate('app.admin.rows', { smart_count: data.recordsTotal })}
          </Typography>
          <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
            <Table
              size="small"
              stickyHeader
              aria-label={translate('app.admin.machine_page.records')}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.admin.device')}</TableCell>
                  <TableCell>{translate('app.admin.device_time')}</TableCell>
                  <TableCell>{translate('app.admin.machine_page.ignition')}</TableCell>
                  <TableCell>{translate('app.admin.machine_page.engine')}</TableCell>
                  <TableCell align="right">{translate('app.admin.speed')}</TableCell>
                  <TableCell align="right">
                    {translate('app.admin.machine_page.activity')}
                  </TableCell>
                  <TableCell align="right">
                    {translate('app.admin.machine_page.hour_meter')}
                  </TableCell>
                  <TableCell align="right">{translate('app.admin.machine_page.fuel')}</TableCell>
                  <TableCell>{translate('app.admin.flags')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.records.map((record) => (
                  <TableRow key={`${record.sourceCode}|${record.deviceTime}`}>
                    <TableCell>{record.sourceCode}</TableCell>
                    <TableCell>
                      <When value={record.deviceTime} />
                    </TableCell>
                    <TableCell>
                      {record.ignition === null ? '–' : format.yesNo(record.ignition)}
                    </TableCell>
                    <TableCell>
                      {record.engineRunning === null ? '–' : format.yesNo(record.engineRunning)}
                    </TableCell>
                    <TableCell align="right">{format.figure(record.speedKmh)}</TableCell>
                    <TableCell align="right">{format.figure(record.activityLevel)}</TableCell>
                    <TableCell align="right">{format.figure(record.hourMeterH)}</TableCell>
                    <TableCell align="right">{format.figure(record.fuelLevelL)}</TableCell>
                    <TableCell>{record.invalidReason ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      ) : null}
    </Stack>
  );
}

function Recompute({ machineId, day }: { machineId: string; day: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [range, setRange] = useState({ fromDay: day, toDay: day });
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => dataProvider.startRecompute(machineId, range.fromDay, range.toDay),
    onSuccess: (run) => setRunId(run.id),
  });
  const run = useQuery({
    queryKey: ['admin', 'recompute', machineId, runId],
    enabled: runId !== null,
    queryFn: ({ signal }) => dataProvider.getRecompute(machineId, runId as string, signal),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : 1000;
    },
  });
  const current: RecomputeRun | undefined = run.data;
  const finished = current?.state === 'done' || current?.state === 'failed';
  // When it ends, what the screen shows of the machine is read again.
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);
  if (finished && current && refreshedFor !== current.id) {
    setRefreshedFor(current.id);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'machine-day', machineId] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'machine', machineId] });
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.machine_page.recompute')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.admin.machine_page.recompute_help')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ my: 1 }} alignItems="center">
          <DayRangeFields
            from={range.fromDay}
            to={range.toDay}
            onChange={({ from, to }) => setRange({ fromDay: from, toDay: to })}
          />
          <Button
            variant="contained"
            disabled={start.isPending || (current !== undefined && !finished)}
            onClick={() => start.mutate()}
          >
            {translate('app.admin.machine_page.recompute_start')}
          </Button>
        </Stack>
        <Failure error={start.error ?? run.error} />
        {current ? (
          <Stack spacing={1} data-testid="recompute-run">
            <Typography variant="body2">
              {translate(`app.admin.machine_page.state_${current.state}`, {
                done: current.daysDone,
                smart_count: current.daysTotal,
              })}
              {current.error ? `: ${current.error}` : ''}
            </Typography>
            {!finished ? (
              <LinearProgress
                variant="determinate"
                value={(current.daysDone / Math.max(1, current.daysTotal)) * 100}
              />
            ) : null}
            {current.state === 'done' ? <Changes run={current} /> : null}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Changes({ run }: { run: RecomputeRun }) {
  const translate = useTranslate();
  if (run.changes.length === 0)
    return <Typography variant="body2">{translate('app.admin.machine_page.unchanged')}</Typography>;
  return (
    <Table size="small" aria-label={translate('app.admin.machine_page.changes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.admin.completeness.day')}</TableCell>
          <TableCell>{translate('app.admin.machine_page.figure')}</TableCell>
          <TableCell align="right">{translate('app.admin.machine_page.before')}</TableCell>
          <TableCell align="right">{translate('app.admin.machine_page.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {run.changes.map((change) => (
          <TableRow key={`${change.day}|${change.field}`}>
            <TableCell>{change.day}</TableCell>
            <TableCell>{translate(`app.admin.machine_page.fields.${change.field}`)}</TableCell>
            <TableCell align="right">{change.before ?? '–'}</TableCell>
            <TableCell align="right">{change.after ?? '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function History({ workings }: { workings: MachineWorkingsReply }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.machine_page.history')}
        </Typography>
        <Table size="small" aria-label={translate('app.admin.machine_page.history')}>
          <TableBody>
            {workings.history.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>
                  <When value={entry.at} />
                </TableCell>
                <TableCell>{entry.actorEmail ?? '–'}</TableCell>
                <TableCell>
                  {entry.method ? `${entry.method} ${entry.path}` : entry.action}
                </TableCell>
              </TableRow>
            ))}
            {workings.recomputes.map((run) => (
              <TableRow key={run.id}>
                <TableCell>
                  <When value={run.createdAt} />
                </TableCell>
                <TableCell>{run.requestedBy ?? '–'}</TableCell>
                <TableCell>
                  {translate('app.admin.machine_page.recomputed', {
                    from: run.fromDay,
                    to: run.toDay,
                    state: run.state,
                  })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

export default function MachineWorkingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const selected = params.get('day');
  const workings = useQuery({
    queryKey: ['admin', 'machine', id],
    queryFn: ({ signal }) => dataProvider.getMachineWorkings(id, signal),
  });
  const data = workings.data;
  const day =
    selected && DAY.test(selected) ? selected : (data?.lastDay ?? addDays(localToday(), -1));
  return (
    <AdminScreen title="app.admin.machine_page.title">
      <Failure error={workings.error} />
      {data ? (
        <Stack spacing={2}>
          <Typography variant="h6" component="p">
            <Link component={RouterLink} to={links.machine(data.id)}>
              {data.name}
            </Link>{' '}
            · {data.organisationName} · {data.timezone}
          </Typography>
          <Sources workings={data} />
          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="h6" component="h2" sx={{ whiteSpace: 'nowrap' }}>
                  {translate('app.admin.machine_page.day')}
                </Typography>
                <DayPicker
                  size="small"
                  label={translate('app.admin.completeness.day')}
                  sx={{ width: 180 }}
                  value={day}
                  onChange={(picked) => DAY.test(picked) && setParams({ day: picked })}
                />
              </Stack>
              <DayView machineId={id} day={day} />
            </CardContent>
          </Card>
          <Recompute key={day} machineId={id} day={day} />
          <History workings={data} />
        </Stack>
      ) : null}
    </AdminScreen>
  );
}
