// /admin: the staff home. Organisations, devices reporting now, late or silent per protocol, the
// ingest rate per protocol over the last hours, the engine's backlog, feeds in error, mail that
// failed, records in quarantine, the devices silent longest with links into the screens that
// explain them, and the hour meters that drift.
import { Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { AdminOverviewReply } from '../../domain/api/admin.ts';
import { links, PATHS } from '../../domain/paths.ts';
import { When } from '../../common/fields.tsx';
import { AdminScreen, Failure, localToday } from './AdminShared.tsx';
import { StaffTable, type StaffColumn } from './StaffTable.tsx';
import { DriftingMeters } from './DriftingMeters.tsx';
import { addDays } from '../../domain/zonedTime.ts';

const LINE_COLOURS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#c62828', '#00838f'];

function Figure({ label, value, to }: { label: string; value: ReactNode; to?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {to ? (
            <Link component={RouterLink} to={to}>
              {label}
            </Link>
          ) : (
            label
          )}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Where to look into a device of this protocol: its debug screen, and for a sensor its radio. */
export function deviceLinks(type: string, code: string): { records: string; coverage?: string } {
  const today = localToday();
  const query = { deviceIds: code, startDate: addDays(today, -2), endDate: today };
  if (type === 'TELTONIKA') return { records: links.adminTeltonika(query) };
  if (type === 'LORA')
    return {
      records: links.adminArya(query),
      coverage: links.adminCoverage({
        searchType: 'sensor',
        sensors: code,
        startDate: addDays(today, -7),
        endDate: today,
      }),
    };
  return { records: links.adminAndroid(query) };
}

function IngestChart({ ingest }: { ingest: AdminOverviewReply['ingest'] }) {
  const rows = ingest.hours.map((hour, index) => ({
    hour: hour.slice(11, 16),
    ...Object.fromEntries(
      ingest.bySourceType.map((series) => [series.sourceType, series.records[index]]),
    ),
  }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="hour" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {ingest.bySourceType.map((series, index) => (
          <Line
            key={series.sourceType}
            dataKey={series.sourceType}
            stroke={LINE_COLOURS[index % LINE_COLOURS.length]}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

type DeviceCount = AdminOverviewReply['devices'][number];
type SilentDevice = AdminOverviewReply['silentDevices'][number];

const DEVICE_COUNT_COLUMNS: StaffColumn<DeviceCount>[] = [
  { label: 'app.admin.protocol', cell: (row) => row.sourceType },
  { label: 'app.admin.home.reporting', numeric: true, cell: (row) => row.reporting },
  { label: 'app.admin.home.late', numeric: true, cell: (row) => row.late },
  { label: 'app.admin.home.silent', numeric: true, cell: (row) => row.silent },
  { label: 'app.admin.home.never', numeric: true, cell: (row) => row.never },
];

/** A silent device's records, and its radio coverage where the protocol has one. */
function DeviceLinks({ device }: { device: SilentDevice }) {
  const translate = useTranslate();
  const to = deviceLinks(device.sourceType, device.code);
  return (
    <Stack direction="row" spacing={2}>
      <Link component={RouterLink} to={to.records}>
        {translate('app.admin.home.records_link')}
      </Link>
      {to.coverage ? (
        <Link component={RouterLink} to={to.coverage}>
          {translate('app.admin.home.coverage_link')}
        </Link>
      ) : null}
    </Stack>
  );
}

/** How many devices of each protocol report, are late, silent, or never reported. */
function DeviceCounts({ devices }: { devices: AdminOverviewReply['devices'] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.home.devices')}
        </Typography>
        <StaffTable
          label="app.admin.home.devices"
          rows={devices}
          rowKey={(row) => row.sourceType}
          columns={DEVICE_COUNT_COLUMNS}
        />
        <Typography variant="caption" color="text.secondary">
          {translate('app.admin.home.devices_help')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The devices that went silent, with links to their records and their radio coverage. */
function SilentDevices({ devices }: { devices: AdminOverviewReply['silentDevices'] }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.home.silent_devices')}
        </Typography>
        <StaffTable
          label="app.admin.home.silent_devices"
          rows={devices}
          rowKey={(device) => device.sourceId}
          columns={[
            { label: 'app.admin.device', cell: (device) => device.code },
            { label: 'app.admin.protocol', cell: (device) => device.sourceType },
            {
              label: 'app.admin.machine',
              cell: (device) =>
                device.machineId ? (
                  <Link component={RouterLink} to={links.adminMachine(device.machineId)}>
                    {device.machineName}
                  </Link>
                ) : (
                  '–'
                ),
            },
            { label: 'app.admin.last_seen', cell: (device) => <When value={device.lastSeenAt} /> },
            { cell: (device) => <DeviceLinks device={device} /> },
          ]}
        />
      </CardContent>
    </Card>
  );
}

export default function AdminHome() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const overview = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => dataProvider.getAdminOverview(signal),
    refetchInterval: 60_000,
  });
  const data = overview.data;
  return (
    <AdminScreen title="app.admin.home.title">
      <Failure error={overview.error} />
      {data ? (
        <Stack spacing={3}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure
                label={translate('app.admin.home.organisations')}
                value={data.organisations.total}
                to={PATHS.organisationSettingsList}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure
                label={translate('app.admin.home.backlog')}
                value={
                  data.engine.brokerBatches === null
                    ? data.engine.backlogMachines
                    : `${data.engine.backlogMachines} (${translate('app.admin.home.broker_batches', { count: data.engine.brokerBatches })})`
                }
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure
                label={translate('app.admin.home.recomputes')}
                value={data.engine.recomputesRunning}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure
                label={translate('app.admin.home.feeds_in_error')}
                value={`${data.feeds.inError.length} / ${data.feeds.total}`}
                to={PATHS.adminOemFeeds}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure
                label={translate('app.admin.home.mail_failed')}
                value={`${data.mail.failed} (${translate('app.admin.home.mail_waiting', { count: data.mail.waiting })})`}
                to={PATHS.adminOutbox}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Figure label={translate('app.admin.home.quarantined')} value={data.quarantined} />
            </Grid>
          </Grid>

          <DeviceCounts devices={data.devices} />

          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('app.admin.home.ingest')}
              </Typography>
              <IngestChart ingest={data.ingest} />
              <Typography variant="caption" color="text.secondary">
                {translate('app.admin.home.ingest_help')}
              </Typography>
            </CardContent>
          </Card>

          <SilentDevices devices={data.silentDevices} />
          <DriftingMeters />
          {data.feeds.inError.length > 0 ? (
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {translate('app.admin.home.feeds_in_error')}
                </Typography>
                {data.feeds.inError.map((feed) => (
                  <Typography key={feed.id} variant="body2">
                    {feed.name}: {feed.error}
                  </Typography>
                ))}
              </CardContent>
            </Card>
          ) : null}
        </Stack>
      ) : null}
    </AdminScreen>
  );
}
