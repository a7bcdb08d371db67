// /map (spec point 2): every machine's latest place, clustered and coloured by state, with a popup
// that opens the machine or shares its location; live updates every 30 s merged per machine. The
// range, the filters and the countries (`countries`) live in the URL, as on the dashboard.
import 'leaflet/dist/leaflet.css';
import { Alert, Box, Chip, LinearProgress, Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { MapContainer } from 'react-leaflet';
import { useNavigate } from 'react-router-dom';
import { MAP_STATES, type MapMachine } from '../../domain/api/maps.ts';
import { DATE_PRESETS } from '../../domain/datePresets.ts';
import { countStates } from '../../domain/fleetMap.ts';
import { formatDateTime } from '../../domain/format.ts';
import { machineLink } from '../../domain/machineLink.ts';
import { BaseLayers, MAP_MAX_ZOOM, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { RangeFilterHeader } from '../../common/RangeFilterHeader.tsx';
import { links } from '../../domain/paths.ts';
import { STATE_COLOURS } from '../../common/stateColours.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { ClusterLayer } from './ClusterLayer.tsx';
import { CountryFilter } from './CountryFilter.tsx';
import { ShareLocationDialog } from './ShareLocationDialog.tsx';
import { useFleetMap } from './useFleetMap.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';

/** Great Britain, until the machines' places are known. */
const START_CENTRE: [number, number] = [54, -2.5];

export function FleetMap() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  // Where the machines are now: all recorded time unless the link narrows it.
  const { params, range, filter, update, drop } = useUrlState({
    defaultRange: 'max',
    allowMax: true,
  });
  const countries = params.get('countries')?.trim() || undefined;
  const { machines, failed } = useFleetMap({ ...range, filter, countries }, drop);
  const [sharing, setSharing] = useState<MapMachine | null>(null);

  const popup = useCallback(
    (machine: MapMachine) => ({
      title: machine.name,
      lines: [
        machine.assetId ?? '',
        translate(`app.map.states.${machine.state}`),
        [machine.site, machine.customer].filter(Boolean).join(' · '),
        machine.location
          ? translate('app.map.last_updated', {
              time: formatDateTime(machine.location.lastUpdated, language, timeZone),
            })
          : '',
      ].filter(Boolean),
      link: translate('app.map.open_machine'),
      share: translate('app.map.share.action'),
    }),
    [translate, language, timeZone],
  );
  const here = links.map(params);
  const counts = countStates(machines ?? []);

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="fleet-map">
      <RangeFilterHeader
        title={translate('app.map.title')}
        range={range}
        filter={filter}
        presets={DATE_PRESETS}
        onChange={update}
      />
      <CountryFilter
        value={countries ? countries.split(',') : []}
        onChange={(chosen) => update({ countries: chosen.join(',') })}
      />
      <Stack direction="row" gap={1} flexWrap="wrap" data-testid="map-states">
        {MAP_STATES.map((state) => (
          <Chip
            key={state}
            size="small"
            variant="outlined"
            sx={{ '& .MuiChip-icon': { color: STATE_COLOURS[state] } }}
            icon={
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: STATE_COLOURS[state],
                  ml: 1,
                }}
              />
            }
            label={`${translate(`app.map.states.${state}`)}: ${counts[state]}`}
          />
        ))}
        {machines ? (
          <Chip
            size="small"
            label={translate('app.map.located', {
              located: machines.filter((m) => m.location).length,
              total: machines.length,
            })}
          />
        ) : null}
      </Stack>
      {machines === null && !failed ? <LinearProgress /> : null}
      {failed ? <Alert severity="error">{translate('app.map.load_failed')}</Alert> : null}
      <Box
        sx={{ height: 'calc(100vh - 220px)', minHeight: 360, borderRadius: 1, overflow: 'hidden' }}
      >
        <MapContainer
          center={START_CENTRE}
          zoom={6}
          // The clusters need the map's deepest zoom before the tile servers (which also say it)
          // are known: machines may arrive first.
          maxZoom={MAP_MAX_ZOOM}

          style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
        >
          <BaseLayers />
          {machines ? (
            <ClusterLayer
              machines={machines}
              popup={popup}
              onOpen={(id) => void navigate(machineLink(id, here, range))}
              onShare={(id) => setSharing(machines.find((m) => m.id === id) ?? null)}
            />
          ) : null}
        </MapContainer>
      </Box>
      <ShareLocationDialog machine={sharing} onClose={() => setSharing(null)} />
    </Box>
  );
}

export default FleetMap;
