// Making or changing a scheduled report: what (report, format, date range, site), when (frequency,
// weekdays, hour, extra minutes, time zone) and for whom (members of the organisation and outside
// addresses). The server checks it all again and names the field it refuses.
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
  type ReportSchedule,
  type ReportScheduleBody,
  type ReportType,
} from '../../domain/api/reports.ts';
import { SiteSelect } from './ReportFileParts.tsx';
import { ScheduleReportFields, ScheduleTimeFields } from './ScheduleFields.tsx';

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

/** The addresses as typed: split on commas and spaces, lower-cased, each once. */
const typedEmails = (typed: string) => [
  ...new Set(
    typed
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
];

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
      const saved = await dataProvider.saveReportSchedule(
        { ...draft, name: draft.name.trim(), recipientEmails: typedEmails(emails) },
        schedule?.id,
      );
      onSaved(saved);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

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
          <ScheduleReportFields draft={draft} types={types} setDraft={setDraft} />
          <ScheduleTimeFields draft={draft} setDraft={setDraft} />
          <SiteSelect
            sites={siteChoices}
            value={siteChoices.some((s) => s.id === draft.site) ? (draft.site ?? '') : ''}
            onChange={(site) => set('site', site || null)}
          />
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
