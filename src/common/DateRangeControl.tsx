// A screen's time range: its presets (spec points 2 and 9) and a custom range of two dates. The
// screen owns the range (the machine list in its filter values, the dashboard in its URL).
import { Box, Button, Menu, MenuItem, Stack } from '@mui/material';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { presetOf, presetRange, type DatePreset, type DateRange } from '../domain/datePresets.ts';
import { isCalendarDay } from '../domain/dates.ts';
import { formatDate } from '../domain/format.ts';
import { DayPicker } from './pickers.tsx';

export interface DateRangeControlProps {
  /** Dates or 'max'; a missing bound is today. */
  value: Partial<DateRange>;
  presets: readonly DatePreset[];
  onChange(range: DateRange): void;
}

export function DateRangeControl({ value, presets, onChange }: DateRangeControlProps) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const today = new Date();
  const todayRange = presetRange('today', today);
  const range = {
    startDate: value.startDate ?? todayRange.startDate,
    endDate: value.endDate ?? todayRange.endDate,
  };
  const [draft, setDraft] = useState(range);
  const preset = presetOf(range, today, presets);
  // 'max' is all recorded time at the start and up to now at the end.
  const bound = (day: string, max: string) =>
    isCalendarDay(day) ? formatDate(`${day}T12:00:00`, language) : translate(max);
  const label = preset
    ? translate(`app.machines.range.presets.${preset}`)
    : `${bound(range.startDate, 'app.machines.range.first_record')} – ${bound(range.endDate, 'app.machines.range.now')}`;

  const choose = (next: DateRange) => {
    onChange(next);
    setAnchor(null);
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<DateRangeIcon />}
        onClick={(event) => {
          setDraft(range);
          setAnchor(event.currentTarget);
        }}
        aria-label={translate('app.machines.range.label')}
        data-testid="date-range"
      >
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {presets.map((key) => (
          <MenuItem
            key={key}
            selected={key === preset}
            onClick={() => choose(presetRange(key, new Date()))}
          >
            {translate(`app.machines.range.presets.${key}`)}
          </MenuItem>
        ))}
        <Box
          component="form"
          sx={{ px: 2, pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (
              isCalendarDay(draft.startDate) &&
              isCalendarDay(draft.endDate) &&
              draft.startDate <= draft.endDate
            ) {
              choose(draft);
            }
          }}
          // Typing in the fields must not move the menu's focus to a matching item.
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Stack direction="row" gap={1} alignItems="center">
            <DayPicker
              size="small"
              label={translate('app.machine.from')}
              value={isCalendarDay(draft.startDate) ? draft.startDate : ''}
              onChange={(startDate) => setDraft({ ...draft, startDate })}
            />
            <DayPicker
              size="small"
              label={translate('app.machine.to')}
              value={isCalendarDay(draft.endDate) ? draft.endDate : ''}
              onChange={(endDate) => setDraft({ ...draft, endDate })}
            />
            <Button type="submit" variant="contained" size="small">
              {translate('app.machines.range.apply')}
            </Button>
          </Stack>
        </Box>
      </Menu>
    </>
  );
}
