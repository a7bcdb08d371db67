// /overview/sites/{id} (spec point 2): one site: its geofence with its machines where they are now,
// the hours its machines were active, idle and off over the range (in the URL, Max by default),
// and each machine's figures; links to its timeline, details and geofence.
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { CircleMarker, MapContainer, Tooltip } from 'react-leaflet';
import { useNavigate, useParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { encodeFilter } from '../../domain/filterQuery.ts';
import { formatNumber } from '../../domain/format.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { SiteGeofences } from '../../common/SiteGeofences.tsx';
import { STATE_COLOURS } from '../../common/stateColours.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { links } from '../../domain/paths.ts';
import { machineLink } from '../../domain/machineLink.ts';
import { siteKeys } from '../../dataProvider/sites.ts';
import type { Site } from '../../domain/api/sites.ts';
import type { MachineListSummary } from '../../domain/api/machines.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { endpoints } from '../../domain/api/endpoints.ts';

const HOURS = ['activeHours', 'idleHours', 'offHours'] as const;

export function SiteOverview() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const navigate = useNavigate();
  const canChange = useCanCall()('PUT', endpoints.portal.sites.item);
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { id = '' } = useParams();
  const { range, update } = useUrlState({ defaultRange: 'max', allowMax: true });
  const filter = encodeFilter({ site: [id] });
  const site = useQuery({
    queryKey: siteKeys.one(id),
    queryFn: () => dataProvider.getSite(id),
    retry: false,
  });
  const machines = useQuery({
    queryKey: siteKeys.machines(id, range.startDate, range.endDate),
    queryFn: ({ signal }) => dataProvider.getMachineRows({ ...range, filter }, signal),
    retry: false,
  });
  const hours = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatNumber(value, language, 1);

  if (site.error) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate('app.sites.load_failed')}</Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="site-overview">
      <Title title={site.data?.name ?? translate('app.sites.site')} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5">{site.data?.name ?? ''}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[site.data?.code, site.data?.customer, site.data?.timezone]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <DateRangeControl
          value={range}
          presets={DATE_PRESETS}
          onChange={(next) => update({ ...next })}
        />
        <Button size="small" onClick={() => void navigate(links.activityTimeline(id))}>
          {translate('app.sites.timeline_title')}
        </Button>
        {canChange ? (
          <>
            <Button size="small" onClick={() => void navigate(links.siteForm(id))}>
              {translate('app.sites.edit')}
            </Button>
            <Button size="small" onClick={() => void navigate(links.geofences(id))}>
              {translate('app.sites.geofence.title')}
            </Button>
          </>
        ) : null}
      </Stack>
      {machines.data ? (
        <SiteHours summary={machines.data.summary} total={machines.data.total} />
      ) : (
        <LinearProgress />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <SiteMap id={id} site={site.data} filter={filter} />
        {machines.data ? (
          <Table size="small" data-testid="site-machines">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.sites.machine')}</TableCell>
                {HOURS.map((key) => (
                  <TableCell key={key} align="right">
                    {translate(`app.sites.figures.${key}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {machines.data.machines.map((machine) => (
                <TableRow
                  key={machine.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() =>
                    void navigate(
                      machineLink(machine.id, links.siteOverview(id, { ...range }), range),
                    )
                  }
                >
                  <TableCell>
                    {machine.name}
                    <Typography variant="body2" color="text.secondary" component="span">
                      {machine.assetID ? ` · ${machine.assetID}` : ''}
                    </Typography>
                  </TableCell>
                  {HOURS.map((key) => (
                    <TableCell key={key} align="right">
                      {hours(machine.activitySummary[key]?.value)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Box>
    </Box>
  );
}

/** The site's active, idle and off hours over the range, and how many machines were there. */
function SiteHours({ summary, total }: { summary: MachineListSummary; total: number }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const hours = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatNumber(value, language, 1);
  return (
    <Stack direction="row" gap={3} data-testid="site-hours">
      {HOURS.map((key) => (
        <Box key={key}>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.sites.figures.${key}`)}
          </Typography>
          <Typography variant="h6">{hours(summary[key].value)}</Typography>
        </Box>
      ))}
      <Box>
        <Typography variant="body2" color="text.secondary">
          {translate('app.sites.figures.numberOfMachines')}
        </Typography>
        <Typography variant="h6">{total}</Typography>
      </Box>
    </Stack>
  );
}

/** The site's outline and where its machines are now, coloured by state. */
function SiteMap({ id, site, filter }: { id: string; site: Site | undefined; filter: string }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const places = useQuery({
    queryKey: siteKeys.places(id),
    queryFn: ({ signal }) => dataProvider.getFleetMap({ filter }, signal),
    retry: false,
  });
  const centre = site?.centre;
  return (
    <Box sx={{ height: 420, borderRadius: 1, overflow: 'hidden' }}>
      {centre ? (
        <MapContainer
          center={[centre.latitude, centre.longitude]}
          zoom={15}
          style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
        >
          <BaseLayers />
          {site ? <SiteGeofences sites={[site]} /> : null}
          {(places.data?.machines ?? []).map((machine) =>
            machine.location ? (
              <CircleMarker
                key={machine.id}
                center={[machine.location.latitude, machine.location.longitude]}
                radius={7}
                pathOptions={{
                  color: '#ffffff',
                  weight: 2,
                  fillColor: STATE_COLOURS[machine.state],
                  fillOpacity: 0.95,
                }}
              >
                <Tooltip>{machine.name}</Tooltip>
              </CircleMarker>
            ) : null,
          )}
        </MapContainer>
      ) : null}
    </Box>
  );
}

export default SiteOverview;
