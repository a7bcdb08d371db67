// Making or changing a scheduled report: what (report, format, date range, site), when (frequency,
// weekdays, hour, extra minutes, time zone) and for whom (members of the organisation and outside
// addresses). The server checks it all again and names the field it refuses.
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { useOrganisationUsers, userLabel } from './useOrganisationUsers.ts';
import {
  bodyOfSchedule,
  REPORT_DATE_RANGES,
  REPORT_EXTRA_MINUTES,
  REPORT_FREQUENCIES,
  type ReportSchedule,
  type ReportScheduleBody,
  type ReportType,
} from '../../domain/api/reports.ts';
import { WEEK_ORDER } from '../../domain/shifts.ts';
import { timeZoneNames } from '../../domain/zonedTime.ts';

const WORKING_DAYS = [1, 2, 3, 4, 5];

/** A new schedule's form: the first report, weekdays at 07:00, yesterday's figures. */
function draftOf(
  schedule: ReportSchedule | null,
  types: ReportType[],
  timezone: string,
): ReportScheduleBody {
  if (schedule) return bodyOfSchedule(schedule);
  return {
    name: '',
    type: types[0] ?? 'fleet-utilisation',
    format: 'pdf',
    frequency: 'daily',
    dateRange: 'yesterday',
    weekdays: WORKING_DAYS,
    hour: 7,
    extraMinutes: 0,
    timezone,
    filter: null,
    site: null,
    recipientUserIds: [],
    recipientEmails: [],
  };
}

export function ScheduleDialog({
  open,
  schedule,
  types,
  timezone,
  onClose,
  onSaved,
}: {
  open: boolean;
  schedule: ReportSchedule | null;
  types: ReportType[];
  timezone: string;
  onClose: () => void;
  onSaved: (saved: ReportSchedule) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [draft, setDraft] = useState(() => draftOf(schedule, types, timezone));
  const [emails, setEmails] = useState(() => draft.recipientEmails.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const users = useOrganisationUsers(open);
  const sites = useQuery({
    queryKey: ['sites'],
    queryFn: () => dataProvider.getSites(),
    enabled: open,
  });
  const set = <K extends keyof ReportScheduleBody>(key: K, value: ReportScheduleBody[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const people = users.data?.data ?? [];
  const chosenPeople = people.filter((u) => draft.recipientUserIds.includes(u.id));
  const siteChoices = sites.data?.sites ?? [];

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      // The addresses as typed: split on commas and spaces, empty entries dropped.
      const recipientEmails = emails
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      const saved = await dataProvider.saveReportSchedule(
        { ...draft, name: draft.name.trim(), recipientEmails: [...new Set(recipientEmails)] },
        schedule?.id,
      );
      onSaved(saved);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const afterShift = draft.frequency === 'afterEachShift';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(schedule ? 'app.reports.schedules.edit' : 'app.reports.schedules.create')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={translate('app.reports.schedules.name')}
            value={draft.name}
            onChange={(event) => set('name', event.target.value)}
            required
          />
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
              onChange={(event) =>
                set('format', event.target.value as ReportScheduleBody['format'])
              }
              sx={{ minWidth: 110 }}
            >
              <MenuItem value="pdf">PDF</MenuItem>
              <MenuItem value="csv">CSV</MenuItem>
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
                  weekdays:
                    frequency === 'weekly' ? current.weekdays.slice(0, 1) : current.weekdays,
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
                set(
                  'extraMinutes',
                  Number(event.target.value) as ReportScheduleBody['extraMinutes'],
                )
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
          <TextField
            select
            label={translate('app.reports.create.site')}
            value={siteChoices.some((s) => s.id === draft.site) ? draft.site : ''}
            onChange={(event) => set('site', event.target.value || null)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('app.reports.create.all_sites')}</MenuItem>
            {siteChoices.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle2">
            {translate('app.reports.schedules.recipients')}
          </Typography>
          <Autocomplete
            multiple
            options={people}
            value={chosenPeople}
            getOptionLabel={userLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, value) =>
              set(
                'recipientUserIds',
                value.map((u) => u.id),
              )
            }
            renderInput={(params) => (
              <TextField {...params} label={translate('app.reports.schedules.users')} />
            )}
          />
          <TextField
            label={translate('app.reports.schedules.emails')}
            helperText={translate('app.reports.schedules.emails_help')}
            value={emails}
            onChange={(event) => setEmails(event.target.value)}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || draft.name.trim() === '' || draft.weekdays.length === 0}
          onClick={() => void save()}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
