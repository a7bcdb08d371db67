// /admin/teltonika (deviceIds, startDate, endDate): the chosen trackers' records as stored, each
// with its time, position, satellites, speed and every IO element by name and raw value, flagged
// where the time or position cannot be used; the connections open now; and a codec 12 command
// sent to a connected tracker with its reply.
import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { When } from '../../common/fields.tsx';
import type { TeltonikaRecordsReply } from '../../domain/api/admin.ts';
import {
  AdminScreen,
  DeviceQueryForm,
  Failure,
  Pages,
  UnknownDevices,
  useDebugQuery,
  useDeviceQuery,
} from './AdminShared.tsx';
import { StaffTable, type StaffColumn } from './StaffTable.tsx';
import { useFormat, type Format } from '../../common/useFormat.ts';

const PAGE_ROWS = 200;

function Connections({ onPick }: { onPick: (deviceId: string) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const connections = useQuery({
    queryKey: ['admin', 'teltonika', 'connections'],
    queryFn: ({ signal }) => dataProvider.getTeltonikaConnections(signal),
    refetchInterval: 15_000,
  });
  const open = connections.data?.connections ?? [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.teltonika.connections', { smart_count: open.length })}
        </Typography>
        <Failure error={connections.error} />
        <Stack
          direction="row"
          spacing={1}
          flexWrap="wrap"
          useFlexGap
          sx={{ maxHeight: 140, overflowY: 'auto' }}
        >
          {open.map((connection) => (
            <Chip
              key={connection.deviceId}
              label={`${connection.deviceId} · ${connection.remote}`}
              onClick={() => onPick(connection.deviceId)}
            />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function CommandBox({ deviceIds }: { deviceIds: string[] }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [deviceId, setDeviceId] = useState(deviceIds[0] ?? '');
  const [command, setCommand] = useState('getinfo');
  const send = useMutation({ mutationFn: () => dataProvider.sendDeviceCommand(deviceId, command) });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.teltonika.command')}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
          <TextField
            select={deviceIds.length > 0}
            size="small"
            label={translate('app.admin.device')}
            value={deviceId}
            onChange={(event) => setDeviceId(event.target.value)}
            sx={{ minWidth: 220 }}
          >
            {deviceIds.map((id) => (
              <MenuItem key={id} value={id}>
                {id}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('app.admin.teltonika.command_text')}
            value={command}
            onChange={(event) => setCommand(event.target.value)}
          />
          <Button
            variant="contained"
            disabled={!deviceId || !command || send.isPending}
            onClick={() => send.mutate()}
          >
            {translate('app.admin.teltonika.send')}
          </Button>
        </Stack>
        <Failure error={send.error} />
        {send.data ? (
          <Typography variant="body2" data-testid="command-reply">
            {send.data.response ?? translate('app.admin.teltonika.no_reply')}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default function TeltonikaPage() {
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [query, update] = useDeviceQuery();
  const devices = query.deviceIds.split(',').filter(Boolean);
  const records = useDebugQuery('teltonika', query, PAGE_ROWS, (params, signal) =>
    dataProvider.getTeltonikaRecords(params, signal),
  );
  const pick = (deviceId: string) =>
    update({ deviceIds: [...new Set([...devices, deviceId])].join(',') });
  return (
    <AdminScreen title="app.admin.teltonika.title">
      <Stack spacing={2}>
        <DeviceQueryForm
          key={`${query.deviceIds}|${query.startDate}|${query.endDate}`}
          query={query}
          onChange={update}
          devicesLabel="app.admin.teltonika.devices"
        />
        <CommandBox key={query.deviceIds} deviceIds={devices} />
        <Connections onPick={pick} />
        <Failure error={records.error} />
        {records.data ? (
          <>
            <UnknownDevices codes={records.data.unknownDevices} />
            <Pages
              total={records.data.total}
              pageSize={PAGE_ROWS}
              page={query.page}
              onPage={(page) => update({ page })}
            />
            <StaffTable
              label="app.admin.teltonika.records"
              rows={records.data.records}
              rowKey={(record) => `${record.deviceId}|${record.deviceTime}`}
              columns={recordColumns(format)}
            />
          </>
        ) : null}
      </Stack>
    </AdminScreen>
  );
}

type TeltonikaRecord = TeltonikaRecordsReply['records'][number];

const recordColumns = (format: Format): StaffColumn<TeltonikaRecord>[] => [
  { label: 'app.admin.device', cell: (record) => record.deviceId },
  { label: 'app.admin.device_time', cell: (record) => <When value={record.deviceTime} /> },
  { label: 'app.admin.received', cell: (record) => <When value={record.receivedTime} /> },
  {
    label: 'app.admin.position',
    cell: (record) =>
      record.latitude === null || record.longitude === null
        ? '–'
        : format.position(record.latitude, record.longitude),
  },
  { label: 'app.admin.satellites', numeric: true, cell: (record) => record.satellites ?? '–' },
  { label: 'app.admin.speed', numeric: true, cell: (record) => record.speedKmh ?? '–' },
  {
    label: 'app.admin.io',
    maxWidth: 420,
    cell: (record) =>
      record.io
        .map(
          (io) =>
            `${io.name ?? io.id}=${typeof io.value === 'number' ? format.number(io.value) : io.value}`,
        )
        .join(' · '),
  },
  {
    label: 'app.admin.flags',
    cell: (record) => (
      <>
        {record.invalidReason ? (
          <Chip size="small" color="error" label={record.invalidReason} />
        ) : null}
        {record.positionInvalidReason ? (
          <Chip size="small" color="warning" label={record.positionInvalidReason} />
        ) : null}
      </>
    ),
  },
];
