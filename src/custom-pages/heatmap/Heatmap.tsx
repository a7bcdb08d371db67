// /heatmap (spec point 2): where the fleet or one machine worked (hours per cell) or how fast it
// travelled (mean km/h per cell) over a range, from the server's cells. The range, the filters,
// the kind (`kind=speed`) and the machine (`machineId`) live in the URL.
import { useFeature } from '../../settings/useFeature.ts';
import 'leaflet/dist/leaflet.css';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { MapContainer } from 'react-leaflet';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { HeatCell, HeatmapKind } from '../../domain/api/heatmap.ts';
import { BOUNDED_PRESETS } from '../../domain/datePresets.ts';
import { BaseLayers, MAP_BACKGROUND } from '../../common/BaseLayers.tsx';
import { RangeFilterHeader } from '../../common/RangeFilterHeader.tsx';
import { useRefusal } from '../../common/useDroppedParams.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { HEAT_GRADIENTS, HeatLayer } from './HeatLayer.tsx';
import { mapKeys } from '../../dataProvider/maps.ts';
import { useFormat } from '../../common/useFormat.ts';

const START_CENTRE: [number, number] = [54, -2.5];

function Legend({ kind, maxWeight }: { kind: HeatmapKind; maxWeight: number }) {
  const translate = useTranslate();
  const format = useFormat();
  // Sorted: an object lists the key '1' before '0.2'.
  const stops = Object.entries(HEAT_GRADIENTS[kind])
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([at, colour]) => `${colour} ${Number(at) * 100}%`)
    .join(', ');
  return (
    <Stack direction="row" gap={1} alignItems="center" data-testid="heatmap-legend">
      <Typography variant="body2">{translate(`app.heatmap.legend_${kind}`)}</Typography>
      <Typography variant="body2">0</Typography>
      <Box
        sx={{
          width: 160,
          height: 10,
          borderRadius: 1,
          background: `linear-gradient(90deg, ${stops})`,
        }}
      />
      <Typography variant="body2">{format.number(maxWeight, 1)}</Typography>
    </Stack>
  );
}

export function Heatmap() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Max is not offered: a heat map covers at most 93 days.
  const { params, range, filter, update, drop } = useUrlState({
    defaultRange: 'last7Days',
    allowMax: false,
    checks: { kind: (value) => value === 'speed' || value === 'activity' },
  });
  const speedOn = useFeature('modules.speed') === true;
  const kind: HeatmapKind = params.get('kind') === 'speed' && speedOn ? 'speed' : 'activity';
  const machineId = params.get('machineId');

  const machines = useQuery({
    queryKey: mapKeys.routeMachines(range),
    queryFn: () => dataProvider.getRouteMachines(range),
  });
  const heat = useQuery({
    queryKey: mapKeys.heatmap(kind, range, machineId, filter),
    queryFn: ({ signal }) =>
      dataProvider.getHeatmap(
        kind,
        { ...range, machineId: machineId ?? undefined, filter: machineId ? undefined : filter },
        signal,
      ),
    retry: false,
  });
  // A machine that is not there, or a filter the server refuses, is dropped from the URL.
  useRefusal(heat.error, drop, 'machineId');
  const options = machines.data?.machines ?? [];
  const chosen = options.find((m) => m.id === machineId) ?? null;
  const cells = heat.data?.cells ?? [];

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="heatmap">
      <RangeFilterHeader
        title={translate('app.heatmap.title')}
        range={range}
        filter={filter}
        presets={BOUNDED_PRESETS}
        onChange={(next) => update({ ...next })}
      />
      <Stack direction="row" gap={2} alignItems="center" flexWrap="wrap">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_event, value: HeatmapKind | null) =>
            value && update({ kind: value === 'speed' ? 'speed' : null })
          }
        >
          <ToggleButton value="activity">{translate('app.heatmap.kind_activity')}</ToggleButton>
          {speedOn ? (
            <ToggleButton value="speed">{translate('app.heatmap.kind_speed')}</ToggleButton>
          ) : null}
        </ToggleButtonGroup>
        <Autocomplete
          size="small"
          sx={{ width: 320 }}
          options={options}
          value={chosen}
          loading={machines.isPending}
          getOptionLabel={(m) => [m.name, m.assetId].filter(Boolean).join(' · ')}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, value) => update({ machineId: value?.id ?? null })}
          renderInput={(input) => (
            <TextField
              {...input}
              label={translate('app.heatmap.machine')}
              placeholder={translate('app.heatmap.all_machines')}
            />
          )}
        />
        {heat.data && cells.length > 0 ? (
          <HeatSummary kind={kind} cells={cells} maxWeight={heat.data.maxWeight} />
        ) : null}
      </Stack>
      {heat.isPending ? <LinearProgress /> : null}
      {heat.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void heat.refetch()}>
              {translate('app.heatmap.retry')}
            </Button>
          }
        >
          {translate('app.heatmap.load_failed')}
        </Alert>
      ) : null}
      {heat.data && cells.length === 0 ? (
        <Alert severity="info">{translate(`app.heatmap.empty_${kind}`)}</Alert>
      ) : null}
      <Box
        sx={{ height: 'calc(100vh - 260px)', minHeight: 360, borderRadius: 1, overflow: 'hidden' }}
      >
        <MapContainer
          center={START_CENTRE}
          zoom={6}
          style={{ width: '100%', height: '100%', background: MAP_BACKGROUND }}
        >
          <BaseLayers />
          {heat.data ? (
            <HeatLayer kind={kind} cells={cells} maxWeight={heat.data.maxWeight} />
          ) : null}
        </MapContainer>
      </Box>
    </Box>
  );
}

/** The legend and what the map shows: how many cells, and the hours or the top speed in them. */
function HeatSummary({
  kind,
  cells,
  maxWeight,
}: {
  kind: HeatmapKind;
  cells: HeatCell[];
  maxWeight: number;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const totalS = cells.reduce((sum, cell) => sum + cell.seconds, 0);
  return (
    <>
      <Legend kind={kind} maxWeight={maxWeight} />
      <Typography variant="body2" color="text.secondary" data-testid="heatmap-summary">
        {kind === 'speed'
          ? translate('app.heatmap.summary_speed', {
              cells: format.number(cells.length),
              max: format.number(Math.max(...cells.map((c) => c.maxSpeedKmh ?? 0)), 0),
            })
          : translate('app.heatmap.summary_activity', {
              cells: format.number(cells.length),
              hours: format.number(totalS / 3600, 1),
            })}
      </Typography>
    </>
  );
}

export default Heatmap;
