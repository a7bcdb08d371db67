// /overview/activity-timeline/{id} (spec point 2): the site's machines one row each, their
// active, idle, off, no-data and broken-down time along the day (?date=, today by default), with
// the day before and after a click away.
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { presetRange } from '../../domain/datePresets.ts';
import { isCalendarDay } from '../../domain/dates.ts';
import { formatDateTime } from '../../domain/format.ts';
import { addDays } from '../../domain/zonedTime.ts';
import { STATE_COLOURS } from '../../common/stateColours.ts';
import { useDroppedParams } from '../../common/useDroppedParams.ts';
import { links } from '../../domain/paths.ts';
import { machineLink } from '../../domain/machineLink.ts';
import { siteKeys } from '../../dataProvider/sites.ts';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { DayPicker } from '../../common/pickers.tsx';

const STATES = ['active', 'idle', 'off', 'missing', 'brokendown'] as const;
const HOUR_MARKS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

export function ActivityTimeline() {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const usable = asked !== null && isCalendarDay(asked);
  useDroppedParams(asked && !usable ? ['date'] : []);
  const date = usable ? asked : presetRange('today', new Date()).startDate;
  const timeline = useQuery({
    queryKey: siteKeys.timeline(id, date),
    queryFn: () => dataProvider.getSiteTimeline(id, { start: date, end: date }),
    retry: false,
  });
  const fromMs = timeline.data ? Date.parse(timeline.data.from) : 0;
  const spanMs = timeline.data ? Date.parse(timeline.data.to) - fromMs : 1;
  const percent = (iso: string) => ((Date.parse(iso) - fromMs) / spanMs) * 100;

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }} data-testid="activity-timeline">
      <Title title={translate('app.sites.timeline_title')} />
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5">{translate('app.sites.timeline_title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {timeline.data?.site.name ?? ''}
          </Typography>
        </Box>
        <IconButton
          aria-label={translate('app.sites.previous_day')}
          onClick={() => setParams({ date: addDays(date, -1) })}
        >
          <ChevronLeft />
        </IconButton>
        <DayPicker
          size="small"
          label={translate('app.sites.day')}
          value={date}
          onChange={(day) => isCalendarDay(day) && setParams({ date: day })}
        />
        <IconButton
          aria-label={translate('app.sites.next_day')}
          onClick={() => setParams({ date: addDays(date, 1) })}
        >
          <ChevronRight />
        </IconButton>
        <Button size="small" onClick={() => void navigate(links.siteOverview(id))}>
          {translate('app.sites.overview_title')}
        </Button>
      </Stack>
      <StateLegend />
      {timeline.isPending ? <LinearProgress /> : null}
      {timeline.error ? <Alert severity="error">{translate('app.sites.load_failed')}</Alert> : null}
      {timeline.data && timeline.data.machines.length === 0 ? (
        <Typography color="text.secondary">{translate('app.sites.no_machines')}</Typography>
      ) : null}
      {timeline.data && timeline.data.machines.length > 0 ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: '220px 1fr', rowGap: 1, columnGap: 2 }}
          data-testid="timeline-rows"
        >
          <Box />
          <HourMarks />
          {timeline.data.machines.map((machine) => (
            <Box key={machine.id} sx={{ display: 'contents' }} data-testid="timeline-row">
              <Button
                size="small"
                sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                onClick={() =>
                  void navigate(
                    machineLink(machine.id, links.activityTimeline(id, date), {
                      startDate: date,
                      endDate: date,
                    }),
                  )
                }
              >
                {[machine.name, machine.assetId].filter(Boolean).join(' · ')}
              </Button>
              <Box
                sx={{ position: 'relative', height: 24, bgcolor: 'grey.100', borderRadius: 0.5 }}
              >
                {machine.segments.map((segment) => (
                  <Tooltip
                    key={segment.from}
                    title={`${translate(`app.map.states.${segment.state}`)}: ${formatDateTime(segment.from, language, timeZone)} – ${formatDateTime(segment.to, language, timeZone)}`}
                  >
                    <Box
                      data-state={segment.state}
                      sx={{ position: 'absolute', top: 0, bottom: 0 }}
                      // Inline: a class per segment would fill the page's style sheet.
                      style={{
                        left: `${percent(segment.from)}%`,
                        width: `${percent(segment.to) - percent(segment.from)}%`,
                        background: STATE_COLOURS[segment.state],
                      }}
                    />
                  </Tooltip>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** Which colour is which state. */
function StateLegend() {
  const translate = useTranslate();
  return (
    <Stack direction="row" gap={2} flexWrap="wrap">
      {STATES.map((state) => (
        <Stack key={state} direction="row" gap={0.5} alignItems="center">
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: STATE_COLOURS[state] }} />
          <Typography variant="body2">{translate(`app.map.states.${state}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The hours along the top of the rows. */
function HourMarks() {
  return (
    <Box sx={{ position: 'relative', height: 18 }}>
      {HOUR_MARKS.map((hour) => (
        <Typography
          key={hour}
          variant="caption"
          color="text.secondary"
          sx={{
            position: 'absolute',
            left: `${(hour / 24) * 100}%`,
            transform: 'translateX(-50%)',
          }}
        >
          {String(hour).padStart(2, '0')}
        </Typography>
      ))}
    </Box>
  );
}

export default ActivityTimeline;
