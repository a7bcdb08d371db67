// /admin/arya (deviceIds, startDate, endDate): the LoRaWAN activity sensors' uplinks as stored,
// with the payload in hexadecimal and its decoded fields, the frame counter and the uplinks lost
// before each, every gateway that heard it with RSSI and SNR, and per sensor the delivery rate.
import { Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { LoraUplinksReply } from '../../domain/api/admin.ts';
import { links } from '../../domain/paths.ts';
import { When } from '../../common/fields.tsx';
import {
  AdminScreen,
  DeviceQueryForm,
  Failure,
  Pages,
  UnknownDevices,
  useDebugQuery,
  useDeviceQuery,
  type DeviceQuery,
} from './AdminShared.tsx';
import { StaffTable, type StaffColumn } from './StaffTable.tsx';
import { useFormat, type Format } from '../../common/useFormat.ts';

const PAGE_ROWS = 200;

export default function AryaPage() {
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [query, update] = useDeviceQuery();
  const uplinks = useDebugQuery('arya', query, PAGE_ROWS, (params, signal) =>
    dataProvider.getLoraUplinks(params, signal),
  );
  const data = uplinks.data;
  return (
    <AdminScreen title="app.admin.arya.title">
      <DeviceQueryForm
        key={`${query.deviceIds}|${query.startDate}|${query.endDate}`}
        query={query}
        onChange={update}
        devicesLabel="app.admin.arya.devices"
      />
      <Failure error={uplinks.error} />
      {data ? (
        <Stack spacing={2}>
          <UnknownDevices codes={data.unknownDevices} />
          <Delivery data={data} query={query} />
          <Pages
            total={data.total}
            pageSize={PAGE_ROWS}
            page={query.page}
            onPage={(page) => update({ page })}
          />
          <StaffTable
            label="app.admin.arya.title"
            rows={data.uplinks}
            rowKey={(uplink) => `${uplink.deviceId}|${uplink.deviceTime}`}
            columns={uplinkColumns(format)}
          />
        </Stack>
      ) : null}
    </AdminScreen>
  );
}

/** Each sensor's uplinks and the ones its frame counter says were lost. */
function Delivery({ data, query }: { data: LoraUplinksReply; query: DeviceQuery }) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.arya.delivery')}
        </Typography>
        <StaffTable
          label="app.admin.arya.delivery"
          rows={data.devices}
          rowKey={(device) => device.deviceId}
          columns={[
            { label: 'app.admin.device', cell: (device) => device.deviceId },
            { label: 'app.admin.arya.uplinks', numeric: true, cell: (device) => device.uplinks },
            { label: 'app.admin.arya.lost', numeric: true, cell: (device) => device.lost },
            {
              label: 'app.admin.arya.delivery_pct',
              numeric: true,
              cell: (device) =>
                device.deliveryPct === null ? '–' : format.percent(device.deliveryPct),
            },
            {
              cell: (device) => (
                <Link
                  component={RouterLink}
                  to={links.adminCoverage({
                    searchType: 'sensor',
                    sensors: device.deviceId,
                    startDate: query.startDate,
                    endDate: query.endDate,
                  })}
                >
                  {translate('app.admin.home.coverage_link')}
                </Link>
              ),
            },
          ]}
        />
        {data.gaps.length > 0 ? <FrameGaps gaps={data.gaps} /> : null}
      </CardContent>
    </Card>
  );
}

/** Where the frame counter jumped: the uplinks lost between two that arrived. */
function FrameGaps({ gaps }: { gaps: LoraUplinksReply['gaps'] }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {translate('app.admin.arya.gaps')}
      </Typography>
      <StaffTable
        label="app.admin.arya.gaps"
        rows={gaps}
        rowKey={(gap) => `${gap.deviceId}|${gap.afterFCnt}`}
        columns={GAP_COLUMNS}
      />
    </>
  );
}

type Uplink = LoraUplinksReply['uplinks'][number];

/** Lost uplinks before this one, by its frame counter. */
function FrameCount({ uplink }: { uplink: Uplink }) {
  const translate = useTranslate();
  return (
    <>
      {uplink.fCnt ?? '–'}
      {uplink.lostBefore > 0 ? (
        <Chip
          size="small"
          color="warning"
          sx={{ ml: 1 }}
          label={translate('app.admin.arya.lost_before', { count: uplink.lostBefore })}
        />
      ) : null}
    </>
  );
}

const uplinkColumns = (format: Format): StaffColumn<Uplink>[] => [
  { label: 'app.admin.device', cell: (uplink) => uplink.deviceId },
  { label: 'app.admin.device_time', cell: (uplink) => <When value={uplink.deviceTime} /> },
  { label: 'app.admin.arya.fcnt', numeric: true, cell: (uplink) => <FrameCount uplink={uplink} /> },
  {
    label: 'app.admin.arya.payload',
    cell: (uplink) => (
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {uplink.payloadHex ?? '–'}
      </Box>
    ),
  },
  {
    label: 'app.admin.arya.decoded',
    cell: (uplink) =>
      [
        uplink.activityLevel !== null ? `activity=${format.number(uplink.activityLevel)}` : null,
        uplink.batteryV !== null ? `battery=${format.measure(uplink.batteryV, 'V', 2)}` : null,
        uplink.temperatureC !== null
          ? `temperature=${format.measure(uplink.temperatureC, '°C')}`
          : null,
        ...uplink.decoded.map(
          (value) =>
            `${value.id}=${typeof value.value === 'number' ? format.number(value.value) : value.value}`,
        ),
      ]
        .filter(Boolean)
        .join(' · '),
  },
  {
    label: 'app.admin.arya.receptions',
    cell: (uplink) =>
      uplink.receptions
        .map(
          (reception) =>
            `${reception.gatewayName ?? reception.gatewayEui} ${format.figure(reception.rssiDbm)} dBm / ${format.figure(reception.snrDb)} dB`,
        )
        .join(' · '),
  },
];

const GAP_COLUMNS: StaffColumn<LoraUplinksReply['gaps'][number]>[] = [
  { label: 'app.admin.device', cell: (gap) => gap.deviceId },
  { label: 'app.admin.arya.between', cell: (gap) => `${gap.afterFCnt} → ${gap.beforeFCnt}` },
  { label: 'app.admin.arya.from', cell: (gap) => <When value={gap.from} /> },
  { label: 'app.admin.arya.to', cell: (gap) => <When value={gap.to} /> },
  { label: 'app.admin.arya.lost', numeric: true, cell: (gap) => gap.lost },
];
