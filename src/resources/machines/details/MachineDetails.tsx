// /machines/:id: the machine's header, its activity day by day as coloured segments, the selected
// day's and segment's figures, and the totals of the range. The range, the selected day and
// segment and the view live in the URL (spec point 2), so a link shows the same thing.
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { HttpError } from 'ra-core';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { isCalendarDay } from '../../../domain/dates.ts';
import { isMachineRef, isPortalPath, wayBack } from '../../../domain/machineLink.ts';
import { useUserSettings } from '../../../settings/useUserSettings.ts';
import { useUrlState } from '../../../common/useUrlState.ts';
import { ActivityFigures } from './ActivityFigures.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { FuelChart } from './FuelChart.tsx';
import { MachineHeader } from './MachineHeader.tsx';
import { MachineHires } from '../../hires/MachineHires.tsx';
import { MachineService } from '../../maintenance/MachineService.tsx';
import { MachineSettingsCard } from './settings/MachineSettingsCard.tsx';
import { MeterCard } from './meter/MeterCard.tsx';
import { SelectedDay } from './SelectedDay.tsx';
import { useMachineDetails } from './useMachineDetails.ts';

/** The details' own parameters; a value outside these is dropped with a notice. */
const DETAILS_CHECKS = {
  selectedDate: isCalendarDay,
  selectedSegment: (value: string) => /^\d{1,4}$/.test(value),
  activityView: (value: string) => value === 'table' || value === 'timeline',
  ref: isMachineRef,
  url: isPortalPath,
};

export function MachineDetails() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: settings } = useUserSettings();

  const { params, range, update } = useUrlState({
    defaultRange: 'last7Days',
    allowMax: false,
    checks: DETAILS_CHECKS,
  });
  const { startDate, endDate } = range;
  const selectedDate = params.get('selectedDate');
  const selectedSegmentParam = params.get('selectedSegment');
  const selectedSegment = selectedSegmentParam === null ? null : Number(selectedSegmentParam);
  const view = params.get('activityView') === 'table' ? 'table' : 'timeline';
  const back = wayBack(params.get('ref'), params.get('url'));

  const { machine, activity } = useMachineDetails(id, startDate, endDate);

  const notFound =
    (machine.error instanceof HttpError && machine.error.status === 404) ||
    (activity.error instanceof HttpError && activity.error.status === 404);
  if (notFound && !machine.data) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{translate('app.machine.not_found')}</Alert>
        <Button component={Link} to={back.path} sx={{ mt: 2 }}>
          {translate(`app.machine.back_to.${back.ref}`)}
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
        <Button component={Link} to={back.path} size="small">
          ← {translate(`app.machine.back_to.${back.ref}`)}
        </Button>
      </Box>
      {machine.error && !notFound ? (
        <Alert severity="error">{translate('app.machine.load_error')}</Alert>
      ) : null}
      {m ? <MachineHeader machine={m} title={title} swap={swap} /> : null}

      <ActivitySection
        // A range the URL changes (the back button) starts the typed range afresh.
        key={`${startDate}/${endDate}`}
        range={range}
        days={days}
        timeZone={timeZone}
        view={view}
        selectedDate={selectedDate}
        selectedSegment={selectedSegment}
        failed={Boolean(activity.error) && !notFound}
        notInRange={notFound && Boolean(m)}
        loading={activity.isPending}
        update={update}
      />

      {day ? <SelectedDay day={day} segment={segment} timeZone={timeZone} /> : null}

      {days.length > 0 ? (
        <Card variant="outlined" data-testid="range-totals">
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="h6">{translate('app.machine.range_totals')}</Typography>
            <ActivityFigures days={days} />
          </CardContent>
        </Card>
      ) : null}

      {m && settings?.modules.fuel !== false ? (
        <FuelChart machineId={m.id} startDate={startDate} endDate={endDate} />
      ) : null}
      {m ? <MachineHires machineId={m.id} owner={m.canEdit} /> : null}
      {m ? <MachineService machineId={m.id} machineName={title} owner={m.canEdit} /> : null}
      {m ? <MeterCard machineId={m.id} machineName={title} owner={m.canEdit} /> : null}
      {m ? <MachineSettingsCard machine={m} settings={m.settings} canWrite={m.canEdit} /> : null}
    </Box>
  );
}

export default MachineDetails;
