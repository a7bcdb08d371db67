// One day as a bar from local midnight to midnight (23 or 25 hours on a clock change), its
// segments coloured by state; a segment can be selected.
import { Box, ButtonBase, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ActivityDay } from '../../../domain/api/machineActivity.ts';
import { formatDate, formatHours, formatTimeIn } from '../../../domain/format.ts';
import { nextDate, startOfZonedDay } from '../../../domain/zonedTime.ts';
import { ACTIVITY_COLOURS } from './activityColours.ts';

export interface DayTimelineProps {
  day: ActivityDay;
  timeZone: string;
  selected: boolean;
  selectedSegment: number | null;
  onSelectDay(): void;
  onSelectSegment(index: number): void;
}

export function DayTimeline({
  day,
  timeZone,
  selected,
  selectedSegment,
  onSelectDay,
  onSelectSegment,
}: DayTimelineProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const startMs = startOfZonedDay(day.date, timeZone).getTime();
  const lengthMs = startOfZonedDay(nextDate(day.date), timeZone).getTime() - startMs;
  const at = (iso: string) => ((Date.parse(iso) - startMs) / lengthMs) * 100;
  return (
    <Box
      data-testid={`day-${day.date}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: '110px 1fr 70px',
        alignItems: 'center',
        gap: 1,
        py: 0.5,
        px: 1,
        borderRadius: 1,
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <ButtonBase onClick={onSelectDay} sx={{ justifyContent: 'flex-start', py: 0.5 }}>
        <Typography variant="body2" fontWeight={selected ? 600 : 400}>
          {formatDate(`${day.date}T12:00:00`, language)}
        </Typography>
      </ButtonBase>
      <Box
        role="list"
        aria-label={translate('app.machine.timeline_of', {
          date: formatDate(`${day.date}T12:00:00`, language),
        })}
        sx={{
          position: 'relative',
          height: 22,
          bgcolor: 'grey.100',
          borderRadius: 0.5,
          overflow: 'hidden',
        }}
      >
        {day.segments.map((segment, index) => {
          const left = at(segment.from);
          const width = Math.max(at(segment.to) - left, 0.15);
          const label = `${translate(`app.machine.states.${segment.state}`)} ${formatTimeIn(segment.from, timeZone)}–${formatTimeIn(segment.to, timeZone)}`;
          return (
            <ButtonBase
              key={segment.from}
              role="listitem"
              aria-label={label}
              title={label}
              data-state={segment.state}
              onClick={() => onSelectSegment(index)}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${left}%`,
                width: `${width}%`,
                bgcolor: ACTIVITY_COLOURS[segment.state],
                outline: selected && selectedSegment === index ? '2px solid #000' : undefined,
                outlineOffset: -2,
                backgroundImage:
                  segment.state === 'missing'
                    ? 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,.7) 3px 6px)'
                    : undefined,
              }}
            />
          );
        })}
      </Box>
      <Typography variant="body2" textAlign="right" title={translate('app.machine.active_idle')}>
        {formatHours(day.activeHours + day.idleHours)}
      </Typography>
    </Box>
  );
}
