// /admin/shifts and /admin/shifts/{id}: the organisation's named shifts. Each has hours per weekday
// with breaks; the default one applies wherever a site has none, and a site may follow another.
// Activity outside the hours that apply is out-of-hours; a save recomputes the machines' past days
// in the background, which the list shows until it is done.
import { Alert, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  List,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  TopToolbar,
  useDataProvider,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { siteKeys } from '../../dataProvider/sites.ts';
import type { ShiftDayBody, ShiftRecord } from '../../domain/api/shifts.ts';
import { weekdayName } from '../../domain/format.ts';
import {
  endClockForApi,
  minuteOfClock,
  SHIFT_PROBLEMS,
  shiftDaysError,
  WEEK_ORDER,
} from '../../domain/shifts.ts';
import { FeatureGate } from '../../common/FeatureGate.tsx';
import { useCaller } from '../../common/useCaller.ts';

const ERROR_KEYS: Record<string, string> = {
  [SHIFT_PROBLEMS.weekdayTwice]: 'app.shifts.errors.weekday_twice',
  [SHIFT_PROBLEMS.endBeforeStart]: 'app.shifts.errors.end_before_start',
  [SHIFT_PROBLEMS.breakEndBeforeStart]: 'app.shifts.errors.end_before_start',
  [SHIFT_PROBLEMS.breakOutside]: 'app.shifts.errors.break_outside',
  [SHIFT_PROBLEMS.breakOverlap]: 'app.shifts.errors.break_overlap',
};

type Errors = { [key: string]: string | Errors };

/** The form's days checked by the same rule as the server, the message at the field it names. */
function validateShift(values: { days?: Partial<ShiftDayBody>[] }): Errors {
  const days = (values.days ?? []).map((day) => ({
    weekday: Number(day.weekday),
    startMinute: minuteOfClock(day.start ?? '') ?? NaN,
    endMinute: minuteOfClock(endClockForApi(day.end ?? '')) ?? NaN,
    breaks: (day.breaks ?? []).map((pause) => ({
      startMinute: minuteOfClock(pause.start ?? '') ?? NaN,
      endMinute: minuteOfClock(endClockForApi(pause.end ?? '')) ?? NaN,
    })),
  }));
  const problem = shiftDaysError(days);
  if (!problem) return {};
  const [path, message] = problem;
  const errors: Errors = {};
  let at = errors;
  const parts = path.split('/');
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Errors;
  at[parts[parts.length - 1] ?? ''] = ERROR_KEYS[message] ?? message;
  return errors;
}

const isClock = (value: string | undefined) =>
  value && minuteOfClock(value) === null ? 'app.shifts.errors.clock' : undefined;

const clockProps = {
  type: 'time',
  validate: [required(), isClock],
  slotProps: { inputLabel: { shrink: true } },
  sx: { width: 140, minWidth: 140, flexShrink: 0 },
};

function ShiftForm({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The plain list of sites, not the resource's list (their figures over a range).
  const sites = useQuery({ queryKey: siteKeys.all, queryFn: () => dataProvider.getSites() });
  return (
    <SimpleForm
      validate={validateShift}
      defaultValues={{
        isDefault: false,
        siteIds: [],
        days: [1, 2, 3, 4, 5].map((weekday) => ({
          weekday,
          start: '07:00',
          end: '18:00',
          breaks: [],
        })),
      }}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {editing ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
        </Toolbar>
      }
    >
      <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }}>
        {translate('app.shifts.intro')}
      </Alert>
      <TextInput source="name" validate={required()} />
      <BooleanInput source="isDefault" helperText="app.shifts.default_help" />
      <AutocompleteArrayInput
        source="siteIds"
        isLoading={sites.isPending}
        choices={(sites.data?.sites ?? []).map((site) => ({ id: site.id, name: site.name }))}
        helperText="app.shifts.sites_help"
        sx={{ minWidth: 320 }}
      />
      <ArrayInput source="days" helperText="app.shifts.days_help">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="weekday"
            validate={required()}
            choices={WEEK_ORDER.map((weekday) => ({
              id: weekday,
              name: weekdayName(weekday, language, 'long'),
            }))}
          />
          <TextInput source="start" {...clockProps} />
          <TextInput source="end" {...clockProps} />
          <ArrayInput source="breaks">
            <SimpleFormIterator inline disableReordering>
              <TextInput source="start" {...clockProps} />
              <TextInput source="end" {...clockProps} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

/** "Mon 07:00–18:00 (1 break)", one per day, in the week's order. */
function HoursSummary({ record }: { record: ShiftRecord }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  if (record.days.length === 0) return <>{translate('app.shifts.no_hours')}</>;
  return (
    <>
      {record.days
        .map(
          (day) =>
            `${weekdayName(day.weekday, language, 'short')} ${day.start}–${day.end}` +
            (day.breaks.length > 0
              ? ` (${translate('app.shifts.breaks', { smart_count: day.breaks.length })})`
              : ''),
        )
        .join(', ')}
    </>
  );
}

function RecomputingChip({ record }: { record: ShiftRecord }) {
  const translate = useTranslate();
  return record.recomputing ? (
    <Chip size="small" color="warning" label={translate('app.shifts.recomputing')} />
  ) : (
    <Chip size="small" variant="outlined" label={translate('app.shifts.up_to_date')} />
  );
}

export function ShiftList() {
  const translate = useTranslate();
  const { canWrite } = useCaller();
  return (
    <FeatureGate flag="navigation.shifts">
      <List
        exporter={false}
        actions={<TopToolbar>{canWrite ? <CreateButton /> : null}</TopToolbar>}
        // While a change is being recomputed, look again every few seconds.
        queryOptions={{
          refetchInterval: (query) =>
            (query.state.data as { data?: ShiftRecord[] } | undefined)?.data?.some(
              (shift) => shift.recomputing,
            )
              ? 2000
              : false,
        }}
      >
        <DataTable rowClick={canWrite ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col
            source="sites"
            render={(record: ShiftRecord) =>
              [
                ...(record.isDefault ? [translate('app.shifts.everywhere_else')] : []),
                ...record.sites.map((site) => site.name),
              ].join(', ') || '–'
            }
          />
          <DataTable.Col
            source="days"
            render={(record: ShiftRecord) => <HoursSummary record={record} />}
          />
          <DataTable.Col
            source="recomputing"
            render={(record: ShiftRecord) => <RecomputingChip record={record} />}
          />
        </DataTable>
      </List>
    </FeatureGate>
  );
}

export function ShiftCreate() {
  return (
    <FeatureGate flag="navigation.shifts">
      <Create redirect="list">
        <ShiftForm editing={false} />
      </Create>
    </FeatureGate>
  );
}

export function ShiftEdit() {
  return (
    <FeatureGate flag="navigation.shifts">
      <Edit mutationMode="pessimistic" redirect="list">
        <ShiftForm editing />
      </Edit>
    </FeatureGate>
  );
}

export default ShiftList;
