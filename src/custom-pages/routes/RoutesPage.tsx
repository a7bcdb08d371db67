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
import { useEffect, useRef, useState } from 'react';
import { Title, useDataProvider, useGetIdentity, useStore, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { BOUNDED_PRESETS } from '../../domain/datePresets.ts';
import { useFormat } from '../../common/useFormat.ts';
import { DateRangeControl } from '../../common/DateRangeControl.tsx';
import { useRefusal } from '../../common/useDroppedParams.ts';
import { useUrlState, type UrlChanges } from '../../common/useUrlState.ts';
import { RouteDetails } from './RouteDetails.tsx';
import { RouteMap } from './RouteMap.tsx';
import { RouteReportMenu } from './RouteReportMenu.tsx';
import { RoutePointSetting } from './RoutePointSetting.tsx';
import { useFeature } from '../../settings/useFeature.ts';
import { WorkCycles } from './WorkCycles.tsx';
import { siteKeys } from '../../dataProvider/sites.ts';
import { mapKeys } from '../../dataProvider/maps.ts';

const isFlag = (value: string) => value === 'true' || value === 'false';

export function RoutesPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const {
    params,
    range,
    update: updateUrl,
    drop,
  } = useUrlState({
    defaultRange: 'today',
    allowMax: false,
    checks: { usestops: isFlag, experimental: isFlag },
  });
  const [hintClosed, setHintClosed] = useStore('routes.hintClosed', false);
  const { identity } = useGetIdentity();
  const canWrite = identity !== undefined && identity.role !== 'viewer';
  const [selectedTrip, setSelectedTrip] = useState<number | null>(null);
  const machineId = params.get('machineId');
  const showStops = params.get('usestops') !== 'false';
  // Every position fix drawn with its satellites: for checking a tracker's fixes, where the
  // organisation has the feature.
  const positionsOn = useFeature('features.routePositions') === true;
  const experimental = positionsOn && params.get('experimental') === 'true';
  const update = (changes: UrlChanges) => {
    updateUrl(changes);
    setSelectedTrip(null);
  };

  const sites = useSitesShown();
  const cyclesOn = useFeature('modules.workCycle') === true;
  const route = useQuery({
    queryKey: mapKeys.route(machineId, range),
    queryFn: ({ signal }) => dataProvider.getRoute(machineId as string, range, signal),
    enabled: machineId !== null,
    retry: false,
  });
  // A machine that is not there (or no longer the user's) is dropped from the URL.
  useRefusal(route.error, drop, 'machineId');

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="routes">
      <Title title={translate('app.routes.title')} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Typography variant="h5" sx={{ flex: 1 }}>
          {translate('app.routes.title')}
        </Typography>
        <RoutePointSetting canWrite={canWrite} />
        {positionsOn ? (
          <Toggle
            label={translate('app.routes.all_positions')}
            checked={experimental}
            onChange={(on) => update({ experimental: on ? 'true' : null })}
          />
        ) : null}
        <Toggle
          label={translate('app.routes.show_stops')}
          checked={showStops}
          onChange={(on) => update({ usestops: on ? null : 'false' })}
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
        <MachinePicker
          range={range}
          machineId={machineId}
          onChoose={(id) => update({ machineId: id })}
        />
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0, alignContent: 'start' }}>
          <Box sx={{ height: 480, borderRadius: 1, overflow: 'hidden' }}>
            <RouteMap
              route={route.data ?? null}
              sites={sites}
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
          {machineId !== null && cyclesOn ? (
            <WorkCycles machineId={machineId} range={range} />
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}

/** The sites drawn under the route, where the organisation has sites. */
function useSitesShown() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const sitesOn = useFeature('navigation.sites') === true;
  const sites = useQuery({
    queryKey: siteKeys.all,
    queryFn: () => dataProvider.getSites(),
    enabled: sitesOn,
  });
  return sites.data?.sites ?? [];
}

function Toggle(props: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <FormControlLabel
      control={
        <Switch checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      }
      label={props.label}
    />
  );
}

/** The machines placed in the range, searched by name or asset id; the chosen one is selected. */
function MachinePicker({
  range,
  machineId,
  onChoose,
}: {
  range: { startDate: string; endDate: string };
  machineId: string | null;
  onChoose(id: string): void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [search, setSearch] = useState('');
  const machines = useQuery({
    queryKey: mapKeys.routeMachines(range),
    queryFn: () => dataProvider.getRouteMachines(range),
  });
  const shown = (machines.data?.machines ?? []).filter((m) =>
    `${m.name} ${m.assetId ?? ''}`.toLowerCase().includes(search.trim().toLowerCase()),
  );
  // A link naming a machine (/routes?machineId=…) shows it in the list: scrolled to once, after
  // which the list is the user's to scroll.
  const chosen = useRef<HTMLDivElement | null>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!machineId || scrolledTo.current === machineId || !chosen.current) return;
    scrolledTo.current = machineId;
    chosen.current.scrollIntoView({ block: 'nearest' });
  }, [machineId, shown.length]);
  return (
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
            ref={machine.id === machineId ? chosen : undefined}
            selected={machine.id === machineId}
            onClick={() => onChoose(machine.id)}
          >
            <ListItemText
              primary={machine.name}
              secondary={[
                machine.assetId,
                machine.lastPositionAt
                  ? translate('app.map.last_updated', {
                      time: format.dateTime(machine.lastPositionAt),
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
  );
}

export default RoutesPage;
