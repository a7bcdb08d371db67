// The machine's activity over the range: the range (typed, or moved a span earlier), the view
// (a timeline per day, or a table of segments), and selecting a day and a segment. Everything the
// user chooses goes to the URL through `update`.
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
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { addDays, format } from 'date-fns';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ActivityDay } from '../../../domain/api/machineActivity.ts';
import type { DateRange } from '../../../domain/datePresets.ts';
import { isCalendarDay } from '../../../domain/dates.ts';
import { formatHours, formatTimeIn } from '../../../domain/format.ts';
import type { UrlChanges } from '../../../common/useUrlState.ts';
import { DayTimeline } from './DayTimeline.tsx';
import { DayPicker } from '../../../common/pickers.tsx';

const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');

export interface ActivitySectionProps {
  range: DateRange;
  days: ActivityDay[];
  timeZone: string;
  view: 'timeline' | 'table';
  selectedDate: string | null;
  selectedSegment: number | null;
  /** The activity could not be read, or the machine is not the caller's in this range. */
  failed: boolean;
  notInRange: boolean;
  loading: boolean;
  update(changes: UrlChanges): void;
}

/** The range of the same length just before this one. */
function earlierRange(startDate: string, endDate: string) {
  const shift = (d: string, n: number) => isoDay(addDays(new Date(`${d}T12:00:00`), n));
  const span = Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1;
  return { startDate: shift(startDate, -span), endDate: shift(endDate, -span) };
}

export function ActivitySection({
  range: { startDate, endDate },
  days,
  timeZone,
  view,
  selectedDate,
  selectedSegment,
  failed,
  notInRange,
  loading,
  update,
}: ActivitySectionProps) {
  const translate = useTranslate();
  const [draft, setDraft] = useState({ startDate, endDate });
  return (
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
            if (
              isCalendarDay(draft.startDate) &&
              isCalendarDay(draft.endDate) &&
              draft.startDate <= draft.endDate
            ) {
              update({
                startDate: draft.startDate,
                endDate: draft.endDate,
                selectedDate: null,
                selectedSegment: null,
              });
            }
          }}
        >
          <DayPicker
            size="small"
            label={translate('app.machine.from')}
            value={draft.startDate}
            onChange={(startDate) => setDraft({ ...draft, startDate })}
            sx={{ width: 190 }}
          />
          <DayPicker
            size="small"
            label={translate('app.machine.to')}
            value={draft.endDate}
            onChange={(endDate) => setDraft({ ...draft, endDate })}
            sx={{ width: 190 }}
          />
          <Button type="submit" variant="outlined">
            {translate('app.machine.show_range')}
          </Button>
          <Button
            onClick={() => {
              const earlier = earlierRange(startDate, endDate);
              update({ ...earlier, selectedDate: null, selectedSegment: null });
              setDraft(earlier);
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

        {failed ? <Alert severity="error">{translate('app.machine.load_error')}</Alert> : null}
        {notInRange ? <Alert severity="info">{translate('app.machine.not_in_range')}</Alert> : null}
        {loading ? (
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
          <SegmentTable
            days={days}
            timeZone={timeZone}
            selectedDate={selectedDate}
            selectedSegment={selectedSegment}
            update={update}
          />
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('app.machine.time_zone', { zone: timeZone })}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The days' segments as rows: state, from, to and duration; a click selects one. */
function SegmentTable({
  days,
  timeZone,
  selectedDate,
  selectedSegment,
  update,
}: Pick<
  ActivitySectionProps,
  'days' | 'timeZone' | 'selectedDate' | 'selectedSegment' | 'update'
>) {
  const translate = useTranslate();
  return (
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
              onClick={() => update({ selectedDate: d.date, selectedSegment: String(index) })}
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
  );
}
