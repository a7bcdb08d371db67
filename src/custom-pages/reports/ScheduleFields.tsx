// The parts of a scheduled report's form: what is sent (report, format, frequency, date range)
// and when (weekdays, hour, extra minutes, time zone).
import {
  Autocomplete,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslate } from 'react-admin';
import {
  REPORT_DATE_RANGES,
  REPORT_EXTRA_MINUTES,
  REPORT_FREQUENCIES,
  type ReportScheduleBody,
  type ReportType,
} from '../../domain/api/reports.ts';
import { WEEK_ORDER } from '../../domain/shifts.ts';
import { timeZoneNames } from '../../domain/zonedTime.ts';

interface DraftProps {
  draft: ReportScheduleBody;
  setDraft: Dispatch<SetStateAction<ReportScheduleBody>>;
}

/** One field of the draft changed. */
const setter =
  (setDraft: DraftProps['setDraft']) =>
  <K extends keyof ReportScheduleBody>(key: K, value: ReportScheduleBody[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

export function ScheduleReportFields({
  draft,
  types,
  setDraft,
}: DraftProps & { types: ReportType[] }) {
  const translate = useTranslate();
  const set = setter(setDraft);
  return (
    <>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          fullWidth
          label={translate('app.reports.create.type')}
          value={draft.type}
          onChange={(event) => set('type', event.target.value as ReportType)}
        >
          {types.map((id) => (
            <MenuItem key={id} value={id}>
              {translate(`app.reports.types.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('app.reports.create.format')}
          value={draft.format}
          onChange={(event) => set('format', event.target.value as ReportScheduleBody['format'])}
          sx={{ minWidth: 110 }}
        >
          <MenuItem value="pdf">PDF</MenuItem>
          <MenuItem value="csv">CSV</MenuItem>
          <MenuItem value="xlsx">XLSX</MenuItem>
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          fullWidth
          label={translate('app.reports.schedules.frequency')}
          value={draft.frequency}
          onChange={(event) => {
            const frequency = event.target.value as ReportScheduleBody['frequency'];
            setDraft((current) => ({
              ...current,
              frequency,
              // A weekly report runs on one day: the first chosen.
              weekdays: frequency === 'weekly' ? current.weekdays.slice(0, 1) : current.weekdays,
            }));
          }}
        >
          {REPORT_FREQUENCIES.map((id) => (
            <MenuItem key={id} value={id}>
              {translate(`app.reports.schedules.frequencies.${id}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={translate('app.reports.schedules.date_range')}
          value={draft.dateRange}
          onChange={(event) =>
            set('dateRange', event.target.value as ReportScheduleBody['dateRange'])
          }
        >
          {REPORT_DATE_RANGES.map((id) => (
            <MenuItem key={id} value={id}>
              {translate(`app.reports.schedules.date_ranges.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </>
  );
}

export function ScheduleTimeFields({ draft, setDraft }: DraftProps) {
  const translate = useTranslate();
  const set = setter(setDraft);
  const afterShift = draft.frequency === 'afterEachShift';
  return (
    <>
      {draft.frequency === 'monthly' ? null : (
        <FormGroup row aria-label={translate('app.reports.schedules.weekdays')}>
          {WEEK_ORDER.map((weekday) => (
            <FormControlLabel
              key={weekday}
              label={translate(`app.reports.schedules.days.${weekday}`)}
              control={
                <Checkbox
                  checked={draft.weekdays.includes(weekday)}
                  onChange={(event) =>
                    set(
                      'weekdays',
                      draft.frequency === 'weekly'
                        ? [weekday]
                        : event.target.checked
                          ? [...draft.weekdays, weekday]
                          : draft.weekdays.filter((d) => d !== weekday),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      )}
      <Stack direction="row" spacing={2}>
        {afterShift ? null : (
          <TextField
            select
            label={translate('app.reports.schedules.hour')}
            value={draft.hour}
            onChange={(event) => set('hour', Number(event.target.value))}
            sx={{ minWidth: 110 }}
          >
            {Array.from({ length: 24 }, (_, hour) => (
              <MenuItem key={hour} value={hour}>
                {`${String(hour).padStart(2, '0')}:00`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={translate(
            afterShift
              ? 'app.reports.schedules.after_shift_minutes'
              : 'app.reports.schedules.extra_minutes',
          )}
          value={draft.extraMinutes}
          onChange={(event) =>
            set('extraMinutes', Number(event.target.value) as ReportScheduleBody['extraMinutes'])
          }
          sx={{ minWidth: 160 }}
        >
          {REPORT_EXTRA_MINUTES.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {minutes === 0 ? '+0' : `+${minutes}`}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          fullWidth
          options={timeZoneNames()}
          value={draft.timezone}
          disableClearable
          onChange={(_event, value) => set('timezone', value)}
          renderInput={(params) => (
            <TextField {...params} label={translate('app.reports.schedules.timezone')} />
          )}
        />
      </Stack>
    </>
  );
}
