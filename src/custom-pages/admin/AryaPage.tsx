// /admin/arya (deviceIds, startDate, endDate): the LoRaWAN activity sensors' uplinks as stored,
// with the payload in hexadecimal and its decoded fields, the frame counter and the uplinks lost
// before each, every gateway that heard it with RSSI and SNR, and per sensor the delivery rate.
import {
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { LoraUplinksReply } from '../../domain/api/admin.ts';
import { links } from '../../domain/paths.ts';
import { When } from '../../common/DeviceHealth.tsx';
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

const PAGE_ROWS = 200;

export default function AryaPage() {
  const translate = useTranslate();
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
          <Table size="small" aria-label={translate('app.admin.arya.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.admin.device')}</TableCell>
                <TableCell>{translate('app.admin.device_time')}</TableCell>
                <TableCell align="right">{translate('app.admin.arya.fcnt')}</TableCell>
                <TableCell>{translate('app.admin.arya.payload')}</TableCell>
                <TableCell>{translate('app.admin.arya.decoded')}</TableCell>
                <TableCell>{translate('app.admin.arya.receptions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.uplinks.map((uplink) => (
                <TableRow key={`${uplink.deviceId}|${uplink.deviceTime}`}>
                  <TableCell>{uplink.deviceId}</TableCell>
                  <TableCell>
                    <When value={uplink.deviceTime} />
                  </TableCell>
                  <TableCell align="right">
                    {uplink.fCnt ?? '–'}
                    {uplink.lostBefore > 0 ? (
                      <Chip
                        size="small"
                        color="warning"
                        sx={{ ml: 1 }}
                        label={translate('app.admin.arya.lost_before', {
                          count: uplink.lostBefore,
                        })}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{uplink.payloadHex ?? '–'}</TableCell>
                  <TableCell>
                    {[
                      uplink.activityLevel !== null ? `activity=${uplink.activityLevel}` : null,
                      uplink.batteryV !== null ? `battery=${uplink.batteryV} V` : null,
                      uplink.temperatureC !== null ? `temperature=${uplink.temperatureC} °C` : null,
                      ...uplink.decoded.map((value) => `${value.id}=${value.value}`),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </TableCell>
                  <TableCell>
                    {uplink.receptions
                      .map(
                        (reception) =>
                          `${reception.gatewayName ?? reception.gatewayEui} ${reception.rssiDbm ?? '–'} dBm / ${reception.snrDb ?? '–'} dB`,
                      )
                      .join(' · ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      ) : null}
    </AdminScreen>
  );
}

/** Each sensor's uplinks and the ones its frame counter says were lost. */
function Delivery({ data, query }: { data: LoraUplinksReply; query: DeviceQuery }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.admin.arya.delivery')}
        </Typography>
        <Table size="small" aria-label={translate('app.admin.arya.delivery')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.admin.device')}</TableCell>
              <TableCell align="right">{translate('app.admin.arya.uplinks')}</TableCell>
              <TableCell align="right">{translate('app.admin.arya.lost')}</TableCell>
              <TableCell align="right">{translate('app.admin.arya.delivery_pct')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.devices.map((device) => (
              <TableRow key={device.deviceId}>
                <TableCell>{device.deviceId}</TableCell>
                <TableCell align="right">{device.uplinks}</TableCell>
                <TableCell align="right">{device.lost}</TableCell>
                <TableCell align="right">
                  {device.deliveryPct === null ? '–' : `${device.deliveryPct.toFixed(1)} %`}
                </TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
      <Table size="small" aria-label={translate('app.admin.arya.gaps')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.admin.device')}</TableCell>
            <TableCell>{translate('app.admin.arya.between')}</TableCell>
            <TableCell>{translate('app.admin.arya.from')}</TableCell>
            <TableCell>{translate('app.admin.arya.to')}</TableCell>
            <TableCell align="right">{translate('app.admin.arya.lost')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {gaps.map((gap) => (
            <TableRow key={`${gap.deviceId}|${gap.afterFCnt}`}>
              <TableCell>{gap.deviceId}</TableCell>
              <TableCell>
                {gap.afterFCnt} → {gap.beforeFCnt}
              </TableCell>
              <TableCell>
                <When value={gap.from} />
              </TableCell>
              <TableCell>
                <When value={gap.to} />
              </TableCell>
              <TableCell align="right">{gap.lost}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
