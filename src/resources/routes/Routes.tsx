// /routes (spec point 2): the machines by name; the chosen one's trips and stops over the range,
// drawn on the map over the sites' geofences and listed below it. The range, the machine and
// whether stops (`usestops`) and every position fix (`experimental`) are shown live in the URL.
// The machine's work cycles load apart from its route; the route report downloads from here.
import {
  Alert,
  Box,
  FormControlLabel,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, useStore, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { BOUNDED_PRESETS, presetRange } from '../../domain/datePresets.ts';
import { formatDateTime } from '../../domain/format.ts';
import { DateRangeControl } from '../common/DateRangeControl.tsx';
import { RouteDetails } from './RouteDetails.tsx';
import { RouteMap } from './RouteMap.tsx';
import { RouteReportMenu } from './RouteReportMenu.tsx';
import { WorkCycles } from './WorkCycles.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function Routes() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const [hintClosed, setHintClosed] = useStore('routes.hintClosed', false);
  const [search, setSearch] = useState('');
  const [selectedTrip, setSelectedTrip] = useState<number | null>(null);
  const today = presetRange('today', new Date());
  const param = (key: string) => {
    const value = params.get(key);
    return value && DATE.test(value) ? value : null;
  };
  const range = {
    startDate: param('startDate') ?? today.startDate,
    endDate: param('endDate') ?? today.endDate,
  };
  const machineId = params.get('machineId');
  const showStops = params.get('usestops') !== 'false';
  // Every position fix drawn with its satellites: for checking a tracker's fixes.
  const experimental = params.get('experimental') === 'true';
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
    setSelectedTrip(null);
  };

  const machines = useQuery({
    queryKey: ['route-machines', range.startDate, range.endDate],
    queryFn: () => dataProvider.getRouteMachines(range),
  });
  const sites = useQuery({ queryKey: ['sites'], queryFn: () => dataProvider.getSites() });
  const route = useQuery({
    queryKey: ['route', machineId, range.startDate, range.endDate],
    queryFn: ({ signal }) => dataProvider.getRoute(machineId as string, range, signal),
    enabled: machineId !== null,
    retry: false,
  });
  const shown = (machines.data?.machines ?? []).filter((m) =>
    `${m.name} ${m.assetId ?? ''}`.toLowerCase().includes(search.trim().toLowerCase()),
  );

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="routes">
      <Title title={translate('app.routes.title')} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" sx={{ flex: 1 }}>
          {translate('app.routes.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={experimental}
              onChange={(e) => update({ experimental: e.target.checked ? 'true' : null })}
            />
          }
          label={translate('app.routes.all_positions')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={showStops}
              onChange={(e) => update({ usestops: e.target.checked ? null : 'false' })}
            />
          }
          label={translate('app.routes.show_stops')}
        />
        <DateRangeControl
          value={range}
          presets={BOUNDED_PRESETS}
          onChange={(next) => update({ ...next })}
        />
        <RouteReportMenu range={range} />
      </Stack>
      {hintClosed ? null : (
        <Alert severity="info" onClose={() => setHintClosed(true)} data-testid="routes-hint">
          {translate('app.routes.hint')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '300px 1fr' },
          gap: 2,
          minWidth: 0,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <TextField
            size="small"
            fullWidth
            label={translate('app.routes.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {machines.isPending ? <LinearProgress sx={{ mt: 1 }} /> : null}
          <List
            dense
            sx={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' }}
            data-testid="route-machines"
          >
            {shown.map((machine) => (
              <ListItemButton
                key={machine.id}
                selected={machine.id === machineId}
                onClick={() => update({ machineId: machine.id })}
              >
                <ListItemText
                  primary={machine.name}
                  secondary={[
                    machine.assetId,
                    machine.lastPositionAt
                      ? translate('app.map.last_updated', {
                          time: formatDateTime(machine.lastPositionAt, language),
                        })
                      : translate('app.routes.never_placed'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' }}>
          <Box sx={{ height: 480, borderRadius: 1, overflow: 'hidden' }}>
            <RouteMap
              route={route.data ?? null}
              sites={sites.data?.sites ?? []}
              showStops={showStops}
              showPositions={experimental}
              selectedTrip={selectedTrip}
            />
          </Box>
          {machineId === null ? (
            <Typography color="text.secondary">{translate('app.routes.choose')}</Typography>
          ) : route.isPending ? (
            <LinearProgress />
          ) : route.error ? (
            <Alert severity="error">{translate('app.routes.load_failed')}</Alert>
          ) : route.data && route.data.locations.length === 0 ? (
            <Typography color="text.secondary">{translate('app.routes.no_positions')}</Typography>
          ) : route.data ? (
            <RouteDetails
              route={route.data}
              showStops={showStops}
              selectedTrip={selectedTrip}
              onSelectTrip={setSelectedTrip}
            />
          ) : null}
          {machineId !== null ? <WorkCycles machineId={machineId} range={range} /> : null}
        </Box>
      </Box>
    </Box>
  );
}

export default Routes;
