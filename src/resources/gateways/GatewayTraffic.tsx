// What a gateway relayed over a range (the last 48 hours unless two dates are chosen): each sensor
// heard with its reception, worst first, and uplinks per hour as a chart.
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableContainer,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { deviceKeys } from '../../dataProvider/devices.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { formatDateTime } from '../../domain/format.ts';
import { links } from '../../domain/paths.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { SignalBars } from '../../common/DeviceHealth.tsx';
import { When } from '../../common/fields.tsx';
import { DayPicker } from '../../common/pickers.tsx';
import { useFormat } from '../../common/useFormat.ts';

export function GatewayTraffic({ id, scope }: { id: string; scope: 'portal' | 'admin' }) {
  const translate = useTranslate();
  const format = useFormat();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [range, setRange] = useState<{ start?: string; end?: string }>({});
  const traffic = useQuery({
    queryKey: deviceKeys.traffic(scope, id, range.start, range.end),
    queryFn: ({ signal }) => dataProvider.getGatewayTraffic(scope, id, range, signal),
  });
  const dateInput = (key: 'start' | 'end') => (
    <DayPicker
      size="small"
      sx={{ width: 180 }}
      label={translate(`app.devices.gateway.${key}`)}
      value={range[key] ?? ''}
      onChange={(day) => setRange((current) => ({ ...current, [key]: day || undefined }))}
    />
  );
  return (
    <Card variant="outlined" data-testid="gateway-traffic">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {translate('app.devices.gateway.traffic_title')}
          </Typography>
          {dateInput('start')}
          {dateInput('end')}
        </Box>
        {traffic.isPending ? <LinearProgress /> : null}
        {traffic.error ? <Alert severity="error">{traffic.error.message}</Alert> : null}
        {traffic.data ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(traffic.data.from, language, timeZone)} –{' '}
              {formatDateTime(traffic.data.to, language, timeZone)}
            </Typography>
            {traffic.data.sensors.length === 0 ? (
              <Typography color="text.secondary">
                {translate('app.devices.gateway.no_traffic')}
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" data-testid="heard-sensors">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.sensors.fields.code')}</TableCell>
                      <TableCell>{translate('resources.sensors.fields.machineName')}</TableCell>
                      <TableCell>{translate('resources.sensors.fields.signalBars')}</TableCell>
                      <TableCell align="right">{translate('app.devices.gateway.rssi')}</TableCell>
                      <TableCell align="right">{translate('app.devices.gateway.best')}</TableCell>
                      <TableCell align="right">{translate('app.devices.gateway.snr')}</TableCell>
                      <TableCell align="right">
                        {translate('app.devices.gateway.uplinks')}
                      </TableCell>
                      <TableCell>{translate('app.devices.gateway.last_heard')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {traffic.data.sensors.map((sensor) => (
                      <TableRow key={sensor.sourceId} data-code={sensor.code}>
                        <TableCell>{sensor.code}</TableCell>
                        <TableCell>
                          {sensor.machineId ? (
                            <Link component={RouterLink} to={links.machine(sensor.machineId)}>
                              {sensor.machineName}
                            </Link>
                          ) : (
                            <Typography variant="body2" color="text.secondary">
                              {translate('app.devices.gateway.other_sensor')}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>
                          <SignalBars bars={sensor.signalBars} />
                        </TableCell>
                        <TableCell align="right">{format.number(sensor.rssiAvgDbm)}</TableCell>
                        <TableCell align="right">{format.figure(sensor.rssiBestDbm)}</TableCell>
                        <TableCell align="right">{format.number(sensor.snrAvgDb)}</TableCell>
                        <TableCell align="right">{format.number(sensor.uplinks)}</TableCell>
                        <TableCell>
                          <When value={sensor.lastHeardAt} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <Typography variant="subtitle1">
              {translate('app.devices.gateway.chart_title')}
            </Typography>
            <Box sx={{ height: 220 }} data-testid="uplinks-chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={traffic.data.uplinksPerHour}
                  margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
                >
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis
                    dataKey="hour"
                    tickFormatter={(hour: string) => formatDateTime(hour, language, timeZone)}
                    minTickGap={40}
                  />
                  <YAxis width={50} allowDecimals={false} />
                  <Tooltip
                    labelFormatter={(hour) => formatDateTime(String(hour), language, timeZone)}
                    formatter={(value) => [value, translate('app.devices.gateway.uplinks')]}
                  />
                  <Bar dataKey="uplinks" fill="#0857B2" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </Box>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
