// What every admin screen shares: the area's navigation, the device and range form of the debug
// screens (deviceIds, startDate, endDate in the URL, spec point 2), and paging for long answers.
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Pagination,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import type { DeviceDebugParams } from '../../dataProvider/admin.ts';
import { addDays } from '../../domain/zonedTime.ts';
import { ADMIN_SCREENS } from './adminPaths.ts';
import { DayPicker } from '../../common/pickers.tsx';

/** Today in the browser's zone, as yyyy-MM-dd. */
export const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The admin area's tabs; the one open is marked. */
export function AdminNav() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  // The home tab is the area's root only; the others own their sub-paths.
  const current = ADMIN_SCREENS.find(
    (screen) =>
      pathname === screen.path || (screen.key !== 'home' && pathname.startsWith(`${screen.path}/`)),
  );
  return (
    <Tabs
      value={current?.key ?? false}
      variant="scrollable"
      scrollButtons="auto"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {ADMIN_SCREENS.map((screen) => (
        <Tab
          key={screen.key}
          value={screen.key}
          label={translate(`app.admin.nav.${screen.key}`)}
          component={RouterLink}
          to={screen.path}
        />
      ))}
    </Tabs>
  );
}

export function AdminScreen({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(title)}
      </Typography>
      <AdminNav />
      {children}
    </Box>
  );
}

/** A failed call's message, or nothing. */
export function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ my: 1 }}>
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}

export interface DeviceQuery {
  deviceIds: string;
  startDate: string;
  endDate: string;
  page: number;
}

/** The debug screens' query from the URL: devices, days (today by default) and page. */
export function useDeviceQuery(): [DeviceQuery, (next: Partial<DeviceQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const day = (name: string) => {
    const value = params.get(name);
    return value && DAY.test(value) ? value : today;
  };
  const query: DeviceQuery = {
    deviceIds: params.get('deviceIds') ?? '',
    startDate: day('startDate'),
    endDate: day('endDate'),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (next: Partial<DeviceQuery>) => {
    const merged = { ...query, page: 1, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([key, value]) => value !== '' && !(key === 'page' && value === 1))
          .map(([key, value]) => [key, String(value)]),
      ),
    );
  };
  return [query, update];
}

/** The query's days as the API's instants: from the first day's start to the last day's end, here. */
export function instantsOf(query: Pick<DeviceQuery, 'startDate' | 'endDate'>) {
  const from = new Date(`${query.startDate}T00:00:00`);
  const to = new Date(`${addDays(query.endDate, 1)}T00:00:00`);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Two day fields, a range's first and last day. */
export function DayRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <DayPicker
        size="small"
        label={translate('app.admin.start_date')}
        value={from}
        onChange={(day) => onChange({ from: day, to })}
        sx={{ width: 180, flexShrink: 0 }}
      />
      <DayPicker
        size="small"
        label={translate('app.admin.end_date')}
        value={to}
        onChange={(day) => onChange({ from, to: day })}
        sx={{ width: 180, flexShrink: 0 }}
      />
    </>
  );
}

/**
 * A debug screen's page of rows for the URL's devices and days: `fetch` gets the API's
 * parameters; nothing is asked until devices are named.
 */
export function useDebugQuery<T>(
  key: string,
  query: DeviceQuery,
  pageRows: number,
  fetch: (params: DeviceDebugParams, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: ['admin', key, query],
    enabled: query.deviceIds !== '',
    queryFn: ({ signal }) =>
      fetch(
        {
          deviceIds: query.deviceIds,
          ...instantsOf(query),
          offset: (query.page - 1) * pageRows,
          limit: pageRows,
        },
        signal,
      ),
  });
}

/** Devices and days, applied together with Show. */
export function DeviceQueryForm({
  query,
  onChange,
  devicesLabel,
}: {
  query: DeviceQuery;
  onChange: (next: Partial<DeviceQuery>) => void;
  devicesLabel: string;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(query);
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      alignItems={{ md: 'center' }}
      sx={{ mb: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({
          deviceIds: draft.deviceIds.replace(/\s+/g, ''),
          startDate: draft.startDate,
          endDate: draft.endDate,
        });
      }}
    >
      <TextField
        size="small"
        label={translate(devicesLabel)}
        helperText={translate('app.admin.devices_help')}
        value={draft.deviceIds}
        onChange={(event) => setDraft({ ...draft, deviceIds: event.target.value })}
        sx={{ minWidth: 320 }}
      />
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

/** Pages of `pageSize` rows over `total`. */
export function Pages({
  total,
  pageSize,
  page,
  onPage,
}: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  const count = Math.ceil(total / pageSize);
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 1 }}>
      <Typography variant="body2">{translate('app.admin.rows', { smart_count: total })}</Typography>
      {count > 1 ? (
        <Pagination count={count} page={page} onChange={(_, next) => onPage(next)} />
      ) : null}
    </Stack>
  );
}

/** Devices the query named that the server does not know. */
export function UnknownDevices({ codes }: { codes: string[] }) {
  const translate = useTranslate();
  if (codes.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ my: 1 }}>
      {translate('app.admin.unknown_devices', { codes: codes.join(', ') })}
    </Alert>
  );
}
