// /machines/:id: the machine's header, its activity day by day as coloured segments, the selected
// day's and segment's figures, and the totals of the range. The range, the selected day and
// segment and the view live in the URL (spec point 2), so a link shows the same thing.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { addDays, format, subDays } from 'date-fns';
import { HttpError } from 'ra-core';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ActivityDay, ActivityState } from '../../../domain/api/machineActivity.ts';
import {
  formatDate,
  formatDateTime,
  formatHours,
  formatNumber,
  formatTimeIn,
} from '../../../domain/format.ts';
import { useUserSettings } from '../../../settings/useUserSettings.ts';
import { HireStatusChip } from '../HireStatusChip.tsx';
import { ACTIVITY_COLOURS } from './activityColours.ts';
import { DayTimeline } from './DayTimeline.tsx';
import { FuelChart } from './FuelChart.tsx';
import { LocationMap } from './LocationMap.tsx';
import { MachineSettingsCard } from './settings/MachineSettingsCard.tsx';
import { MachineActions } from './MachineActions.tsx';
import { useMachineDetails } from './useMachineDetails.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATES: ActivityState[] = ['active', 'idle', 'off', 'missing', 'brokendown'];
const HOURS_OF: Record<ActivityState, keyof ActivityDay> = {
  active: 'activeHours',
  idle: 'idleHours',
  off: 'offHours',
  missing: 'missingHours',
  brokendown: 'brokendownHours',
};

const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children ?? '–'}
      </Typography>
    </Box>
  );
}

/** A day's (or the range's) figures; null figures are unknown for this caller and show as –. */
function Figures({ days }: { days: ActivityDay[] }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const sum = (key: keyof ActivityDay) =>
    days.some((d) => d[key] === null)
      ? null
      : days.reduce((total, d) => total + ((d[key] as number | null) ?? 0), 0);
  const number = (value: number | null, digits = 1) =>
    value === null ? '–' : formatNumber(value, language, digits);
  const estimated = days.some((d) => d.fuelEstimated);
  return (
    <Stack direction="row" flexWrap="wrap" gap={2}>
      {STATES.map((state) => (
        <Field key={state} label={translate(`app.machine.states.${state}`)}>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="span"
              sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: ACTIVITY_COLOURS[state] }}
            />
            {formatHours(sum(HOURS_OF[state]) ?? 0)}
          </Box>
        </Field>
      ))}
      <Field label={translate('app.machine.out_of_hours')}>
        {sum('outOfHours') === null ? '–' : formatHours(sum('outOfHours') ?? 0)}
      </Field>
      <Field label={translate('app.machine.fuel')}>
        {number(sum('fuelL'))} l{estimated ? ` (${translate('app.machine.estimated')})` : ''}
      </Field>
      <Field label={translate('app.machine.co2')}>{number(sum('co2Kg'))} kg</Field>
      <Field label={translate('app.machine.distance')}>{number(sum('distanceKm'))} km</Field>
      <Field label={translate('app.machine.trips')}>{number(sum('trips'), 0)}</Field>
      <Field label={translate('app.machine.refills')}>{number(sum('refills'), 0)}</Field>
      <Field label={translate('app.machine.thefts')}>{number(sum('thefts'), 0)}</Field>
    </Stack>
  );
}

export function MachineDetails() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const translate = useTranslate();
  const [language] = useLocaleState();
  const { data: settings } = useUserSettings();

  const today = isoDay(new Date());
  const endDate = DATE.test(params.get('endDate') ?? '')
    ? (params.get('endDate') as string)
    : today;
  const startDate = DATE.test(params.get('startDate') ?? '')
    ? (params.get('startDate') as string)
    : isoDay(subDays(new Date(`${endDate}T12:00:00`), 6));
  const selectedDate = params.get('selectedDate');
  const selectedSegmentParam = params.get('selectedSegment');
  const selectedSegment = selectedSegmentParam === null ? null : Number(selectedSegmentParam);
  const view = params.get('activityView') === 'table' ? 'table' : 'timeline';
  // Only a path of this portal: a link must not send the user elsewhere.
  const returnTo = params.get('url');
  const back = returnTo && /^\/(?!\/)/.test(returnTo) ? returnTo : '/machines';

  const [draft, setDraft] = useState({ startDate, endDate });
  const { machine, activity } = useMachineDetails(id, startDate, endDate);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const notFound =
    (machine.error instanceof HttpError && machine.error.status === 404) ||
    (activity.error instanceof HttpError && activity.error.status === 404);
  if (notFound && !machine.data) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{translate('app.machine.not_found')}</Alert>
        <Button component={Link} to={back} sx={{ mt: 2 }}>
          {translate('app.machine.back')}
        </Button>
      </Box>
    );
  }

  const m = machine.data;
  const days = activity.data?.days ?? [];
  const timeZone = activity.data?.timezone ?? 'Europe/London';
  const day = days.find((d) => d.date === selectedDate) ?? null;
  const segment = day && selectedSegment !== null ? (day.segments[selectedSegment] ?? null) : null;
  const swap = settings?.properties.machineName === 'assetId';
  const title = m ? ((swap ? m.assetId : m.name) ?? m.name) : '';

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={title || translate('resources.machines.name', { smart_count: 1 })} />
      <Box>
        <Button component={Link} to={back} size="small">
          ← {translate('app.machine.back')}
        </Button>
      </Box>
      {machine.error && !notFound ? (
        <Alert severity="error">{translate('app.machine.load_error')}</Alert>
      ) : null}
      {m ? (
        <Card variant="outlined">
          <CardContent>
            <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
              {m.imageUrl ? (
                <Box
                  component="img"
                  src={m.imageUrl}
                  alt=""
                  sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
                />
              ) : null}
              <Typography variant="h5" component="h1">
                {title}
              </Typography>
              <Typography color="text.secondary">{swap ? m.name : m.assetId}</Typography>
              <HireStatusChip machine={m} />
              <Box sx={{ flex: 1 }} />
              {m.canEdit ? <MachineActions machine={m} /> : null}
            </Stack>
            <Stack direction="row" flexWrap="wrap" gap={2} sx={{ mt: 2 }}>
              <Field label={translate('resources.machines.fields.category')}>{m.category}</Field>
              <Field label={translate('resources.machines.fields.type')}>{m.type}</Field>
              <Field label={translate('resources.machines.fields.oem')}>{m.oem}</Field>
              <Field label={translate('resources.machines.fields.site')}>{m.site}</Field>
              <Field label={translate('resources.machines.fields.customer')}>{m.customer}</Field>
              <Field label={translate('resources.machines.fields.contractNumber')}>
                {m.contractNumber}
              </Field>
              <Field label={translate('app.machine.operator')}>
                {m.operator?.operator ?? null}
              </Field>
              <Field label={translate('resources.machines.fields.lastSeenAt')}>
                {m.lastSeenAt
                  ? formatDateTime(m.lastSeenAt, language)
                  : translate('app.machines.never_seen')}
              </Field>
              <Field label={translate('app.machine.location')}>
                {m.location
                  ? `${m.location.latitude.toFixed(5)}, ${m.location.longitude.toFixed(5)} (${formatDateTime(m.location.lastUpdated, language)})`
                  : null}
              </Field>
              <Field label={translate('app.machine.sources')}>
                {m.sources.length ? m.sources.map((s) => `${s.type} ${s.code}`).join(', ') : null}
              </Field>
              <Field label={translate('resources.machines.fields.group')}>{m.group}</Field>
            </Stack>
            {m.location ? (
              <Box sx={{ mt: 2 }}>
                <LocationMap latitude={m.location.latitude} longitude={m.location.longitude} />
              </Box>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Stack
            component="form"
            direction="row"
            gap={2}
            alignItems="center"
            flexWrap="wrap"
            onSubmit={(event) => {
              event.preventDefault();
              if (DATE.test(draft.startDate) && DATE.test(draft.endDate)) {
                update({
                  startDate: draft.startDate,
                  endDate: draft.endDate,
                  selectedDate: null,
                  selectedSegment: null,
                });
              }
            }}
          >
            <TextField
              type="date"
              size="small"
              label={translate('app.machine.from')}
              value={draft.startDate}
              onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 190 }}
            />
            <TextField
              type="date"
              size="small"
              label={translate('app.machine.to')}
              value={draft.endDate}
              onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 190 }}
            />
            <Button type="submit" variant="outlined">
              {translate('app.machine.show_range')}
            </Button>
            <Button
              onClick={() => {
                const shift = (d: string, n: number) =>
                  isoDay(addDays(new Date(`${d}T12:00:00`), n));
                const span =
                  Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
                update({
                  startDate: shift(startDate, -span),
                  endDate: shift(endDate, -span),
                  selectedDate: null,
                  selectedSegment: null,
                });
                setDraft({ startDate: shift(startDate, -span), endDate: shift(endDate, -span) });
              }}
            >
              {translate('app.machine.earlier')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_e, value: string | null) => value && update({ activityView: value })}
            >
              <ToggleButton value="timeline">{translate('app.machine.view_timeline')}</ToggleButton>
              <ToggleButton value="table">{translate('app.machine.view_table')}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>

          {activity.error && !notFound ? (
            <Alert severity="error">{translate('app.machine.load_error')}</Alert>
          ) : null}
          {notFound && m ? (
            <Alert severity="info">{translate('app.machine.not_in_range')}</Alert>
          ) : null}
          {activity.isPending ? (
            <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>
          ) : null}

          {view === 'timeline' ? (
            <Box data-testid="activity-timeline">
              {days.map((d) => (
                <DayTimeline
                  key={d.date}
                  day={d}
                  timeZone={timeZone}
                  selected={d.date === selectedDate}
                  selectedSegment={d.date === selectedDate ? selectedSegment : null}
                  onSelectDay={() => update({ selectedDate: d.date, selectedSegment: null })}
                  onSelectSegment={(index) =>
                    update({ selectedDate: d.date, selectedSegment: String(index) })
                  }
                />
              ))}
            </Box>
          ) : (
            <Table size="small" data-testid="activity-table">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.machine.day')}</TableCell>
                  <TableCell>{translate('app.machine.state')}</TableCell>
                  <TableCell>{translate('app.machine.from')}</TableCell>
                  <TableCell>{translate('app.machine.to')}</TableCell>
                  <TableCell align="right">{translate('app.machine.duration')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {days.flatMap((d) =>
                  d.segments.map((s, index) => (
                    <TableRow
                      key={`${d.date}-${s.from}`}
                      hover
                      selected={d.date === selectedDate && index === selectedSegment}
                      onClick={() =>
                        update({ selectedDate: d.date, selectedSegment: String(index) })
                      }
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>{d.date}</TableCell>
                      <TableCell>{translate(`app.machine.states.${s.state}`)}</TableCell>
                      <TableCell>{formatTimeIn(s.from, timeZone)}</TableCell>
                      <TableCell>{formatTimeIn(s.to, timeZone)}</TableCell>
                      <TableCell align="right">
                        {formatHours((Date.parse(s.to) - Date.parse(s.from)) / 3_600_000)}
                      </TableCell>
                    </TableRow>
                  )),
                )}
              </TableBody>
            </Table>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('app.machine.time_zone', { zone: timeZone })}
          </Typography>
        </CardContent>
      </Card>

      {day ? (
        <Card variant="outlined" data-testid="selected-day">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="h6">
              {translate('app.machine.day_of', {
                date: formatDate(`${day.date}T12:00:00`, language),
              })}
            </Typography>
            {segment ? (
              <Alert severity="info" data-testid="selected-segment" icon={false}>
                {translate('app.machine.segment', {
                  state: translate(`app.machine.states.${segment.state}`),
                  from: formatTimeIn(segment.from, timeZone),
                  to: formatTimeIn(segment.to, timeZone),
                  duration: formatHours(
                    (Date.parse(segment.to) - Date.parse(segment.from)) / 3_600_000,
                  ),
                })}
              </Alert>
            ) : null}
            <Figures days={[day]} />
          </CardContent>
        </Card>
      ) : null}

      {days.length > 0 ? (
        <Card variant="outlined" data-testid="range-totals">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="h6">{translate('app.machine.range_totals')}</Typography>
            <Figures days={days} />
          </CardContent>
        </Card>
      ) : null}

      {m && settings?.modules.fuel !== false ? (
        <FuelChart machineId={m.id} startDate={startDate} endDate={endDate} />
      ) : null}
      {m ? <MachineSettingsCard machine={m} settings={m.settings} canWrite={m.canEdit} /> : null}
    </Box>
  );
}

export default MachineDetails;
