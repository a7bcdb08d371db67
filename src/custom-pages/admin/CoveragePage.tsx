// /admin/coverage (searchType gateway or sensor, sensors, gateways, startDate, endDate): which
// gateways heard which sensors and how well, on a map (a line per pair, coloured by signal) and as
// a table: to place a new gateway, or to explain a silent sensor.
import 'leaflet/dist/leaflet.css';
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useDataProvider, useTranslate } from 'react-admin';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { CoverageReply } from '../../domain/api/admin.ts';
import { links } from '../../domain/paths.ts';
import { addDays } from '../../domain/zonedTime.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { When } from '../../common/fields.tsx';
import { AdminScreen, DayRangeFields, Failure, instantsOf, localToday } from './AdminShared.tsx';
import { StaffTable } from './StaffTable.tsx';
import { useFormat } from '../../common/useFormat.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Green at a strong signal (-70 dBm and better), red at the edge of reception (-120 dBm). */
export function signalColour(rssiDbm: number): string {
  const share = Math.max(0, Math.min(1, (rssiDbm + 120) / 50));
  return `hsl(${Math.round(share * 120)}, 70%, 40%)`;
}

function FitBounds({ data }: { data: CoverageReply }) {
  const map = useMap();
  useEffect(() => {
    const points = [...data.gateways, ...data.sensors]
      .filter((point) => point.latitude !== null && point.longitude !== null)
      .map((point) => L.latLng(point.latitude as number, point.longitude as number));
    if (points.length > 0)
      map.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 14 });
  }, [map, data]);
  return null;
}

/** The answer's gateways and sensors by id, for its links. */
function devicesById(data: CoverageReply) {
  return {
    gatewayById: new Map(data.gateways.map((gateway) => [gateway.id, gateway])),
    sensorById: new Map(data.sensors.map((sensor) => [sensor.id, sensor])),
  };
}

function CoverageMap({ data }: { data: CoverageReply }) {
  const format = useFormat();
  const { gatewayById, sensorById } = devicesById(data);
  return (
    <Box sx={{ height: 420, borderRadius: 1, overflow: 'hidden' }} data-testid="coverage-map">
      <MapContainer
        center={[54, -2.5]}
        zoom={5}
        style={{ height: '100%', background: MAP_BACKGROUND }}
      >
        <BaseLayers />
        <FitBounds data={data} />
        {data.links.map((link) => {
          const gateway = gatewayById.get(link.gatewayId);
          const sensor = sensorById.get(link.sensorId);
          if (gateway?.latitude == null || gateway.longitude == null) return null;
          if (sensor?.latitude == null || sensor.longitude == null) return null;
          return (
            <Polyline
              key={`${link.gatewayId}|${link.sensorId}`}
              positions={[
                [gateway.latitude, gateway.longitude],
                [sensor.latitude, sensor.longitude],
              ]}
              pathOptions={{ color: signalColour(link.rssiAvgDbm), weight: 3 }}
            >
              <Tooltip>
                {sensor.code} ← {gateway.name ?? gateway.eui}:{' '}
                {format.measure(link.rssiAvgDbm, 'dBm', 0)}, {format.measure(link.snrAvgDb, 'dB')}
              </Tooltip>
            </Polyline>
          );
        })}
        {data.gateways.map((gateway) =>
          gateway.latitude === null || gateway.longitude === null ? null : (
            <CircleMarker
              key={gateway.id}
              center={[gateway.latitude, gateway.longitude]}
              radius={9}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#37474f', fillOpacity: 1 }}
            >
              <Tooltip>{gateway.name ?? gateway.eui}</Tooltip>
            </CircleMarker>
          ),
        )}
        {data.sensors.map((sensor) =>
          sensor.latitude === null || sensor.longitude === null ? null : (
            <CircleMarker
              key={sensor.id}
              center={[sensor.latitude, sensor.longitude]}
              radius={6}
              pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#0857B2', fillOpacity: 1 }}
            >
              <Tooltip>
                {sensor.code}
                {sensor.machineName ? ` · ${sensor.machineName}` : ''}
              </Tooltip>
            </CircleMarker>
          ),
        )}
      </MapContainer>
    </Box>
  );
}

interface CoverageQuery {
  searchType: 'sensor' | 'gateway';
  sensors: string;
  gateways: string;
  startDate: string;
  endDate: string;
}

/** By sensor or by gateway, the codes, and the days; shown when the form is sent. */
function CoverageForm({
  initial,
  onShow,
}: {
  initial: CoverageQuery;
  onShow(query: CoverageQuery): void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(initial);
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      alignItems={{ md: 'center' }}
      sx={{ mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onShow(draft);
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={draft.searchType}
        onChange={(_, value: 'sensor' | 'gateway' | null) =>
          value && setDraft({ ...draft, searchType: value })
        }
      >
        <ToggleButton value="sensor">{translate('app.admin.coverage.by_sensor')}</ToggleButton>
        <ToggleButton value="gateway">{translate('app.admin.coverage.by_gateway')}</ToggleButton>
      </ToggleButtonGroup>
      {draft.searchType === 'sensor' ? (
        <TextField
          size="small"
          label={translate('app.admin.coverage.sensors')}
          value={draft.sensors}
          onChange={(event) => setDraft({ ...draft, sensors: event.target.value })}
          sx={{ minWidth: 280 }}
        />
      ) : (
        <TextField
          size="small"
          label={translate('app.admin.coverage.gateways')}
          value={draft.gateways}
          onChange={(event) => setDraft({ ...draft, gateways: event.target.value })}
          sx={{ minWidth: 280 }}
        />
      )}
      <DayRangeFields
        from={draft.startDate}
        to={draft.endDate}
        onChange={({ from, to }) => setDraft({ ...draft, startDate: from, endDate: to })}
      />
      <Button type="submit" variant="contained">
        {translate('app.admin.show')}
      </Button>
    </Stack>
  );
}

/** Each sensor and gateway that heard each other, with the signal between them. */
function CoverageLinks({
  data,
  query,
}: {
  data: CoverageReply;
  query: { startDate: string; endDate: string };
}) {
  const format = useFormat();
  const { gatewayById, sensorById } = devicesById(data);
  return (
    <StaffTable
      label="app.admin.coverage.title"
      rows={data.links}
      rowKey={(link) => `${link.gatewayId}|${link.sensorId}`}
      columns={[
        {
          label: 'app.admin.coverage.sensor',
          cell: (link) => {
            const sensor = sensorById.get(link.sensorId);
            return sensor ? (
              <Link
                component={RouterLink}
                to={links.adminArya({
                  deviceIds: sensor.code,
                  startDate: query.startDate,
                  endDate: query.endDate,
                })}
              >
                {sensor.code}
              </Link>
            ) : null;
          },
        },
        {
          label: 'app.admin.machine',
          cell: (link) => sensorById.get(link.sensorId)?.machineName ?? '–',
        },
        {
          label: 'app.admin.coverage.gateway',
          cell: (link) => {
            const gateway = gatewayById.get(link.gatewayId);
            return gateway?.name ?? gateway?.eui;
          },
        },
        { label: 'app.admin.arya.uplinks', numeric: true, cell: (link) => link.uplinks },
        {
          label: 'app.admin.coverage.rssi',
          numeric: true,
          cell: (link) => (
            <Box component="span" sx={{ color: signalColour(link.rssiAvgDbm) }}>
              {format.measure(link.rssiAvgDbm, 'dBm', 0)}
            </Box>
          ),
        },
        {
          label: 'app.admin.coverage.snr',
          numeric: true,
          cell: (link) => format.measure(link.snrAvgDb, 'dB'),
        },
        {
          label: 'app.admin.coverage.best',
          numeric: true,
          cell: (link) => `${format.figure(link.rssiBestDbm)} dBm`,
        },
        {
          label: 'app.admin.coverage.last_heard',
          cell: (link) => <When value={link.lastHeardAt} />,
        },
      ]}
    />
  );
}

export default function CoveragePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const day = (name: string, fallback: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : fallback;
  };
  const query: CoverageQuery = {
    searchType: params.get('searchType') === 'gateway' ? ('gateway' as const) : ('sensor' as const),
    sensors: params.get('sensors') ?? '',
    gateways: params.get('gateways') ?? '',
    startDate: day('startDate', addDays(today, -7)),
    endDate: day('endDate', today),
  };
  const coverage = useQuery({
    queryKey: ['admin', 'coverage', query],
    queryFn: ({ signal }) =>
      dataProvider.getCoverage(
        {
          searchType: query.searchType,
          sensors: query.sensors || undefined,
          gateways: query.gateways || undefined,
          ...instantsOf(query),
        },
        signal,
      ),
  });
  const data = coverage.data;
  const named = query.searchType === 'sensor' ? query.sensors : query.gateways;
  return (
    <AdminScreen title="app.admin.coverage.title">
      <CoverageForm
        initial={query}
        onShow={(draft) =>
          setParams(
            Object.fromEntries(
              Object.entries({
                ...draft,
                sensors: draft.sensors.replace(/\s+/g, ''),
                gateways: draft.gateways.replace(/\s+/g, ''),
              }).filter(([, value]) => value !== ''),
            ),
          )
        }
      />
      <Failure error={coverage.error} />
      {data ? (
        <Stack spacing={2}>
          {named && data.links.length === 0 ? (
            <Typography color="warning.main">
              {translate('app.admin.coverage.none_heard')}
            </Typography>
          ) : null}
          <CoverageMap data={data} />
          <CoverageLinks data={data} query={query} />
          {data.sensors
            .filter((sensor) => !data.links.some((link) => link.sensorId === sensor.id))
            .map((sensor) => (
              <Typography key={sensor.id} color="warning.main">
                {translate('app.admin.coverage.unheard', { code: sensor.code })}{' '}
                <When value={sensor.lastSeenAt} />
              </Typography>
            ))}
        </Stack>
      ) : null}
    </AdminScreen>
  );
}
