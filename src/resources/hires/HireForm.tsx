// /hires/create and /hires/:id: a hire's machine (new hires only: a swap changes it), contract,
// customer, site, times on the user's clock, contracted hours and over-use terms. The server's
// refusals (another hire at that time, a broken-down machine) show on their fields.
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Create,
  Edit,
  ReferenceInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  TextInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  CONTRACTED_HOURS_PER,
  DEFAULT_CONTRACTED_HOURS_PER_DAY,
  MAX_CONTRACT_NUMBER_LENGTH,
  OVERUSE_PERIODS,
  type Hire,
} from '../../domain/api/hires.ts';
import { dateTimeInputValue, instantOfInput } from '../../domain/format.ts';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { hireKeys } from '../../dataProvider/hires.ts';
import { DecimalInput } from '../../common/DecimalInput.tsx';
import { InstantInput } from '../../common/pickerInputs.tsx';
import { useTimeZone } from '../../settings/useTimeZone.ts';
import { MachineInput } from './MachinePicker.tsx';

/** The form's values: times on the user's clock, a customer's account ID typed beside the list. */
type HireFormValues = Partial<Hire> & { customerAccountId?: string | null };

const TIMES = ['onHireAt', 'offHireAt'] as const;

function useTimes() {
  const timeZone = useTimeZone() ?? 'Europe/London';
  return {
    /** The record as the form shows it. */
    toForm: (record: Partial<Hire>): HireFormValues => {
      const values: HireFormValues = { ...record };
      for (const time of TIMES) {
        const value = record[time];
        if (value) values[time] = dateTimeInputValue(value, timeZone);
      }
      return values;
    },
    /** What the form holds as the call's body. */
    toBody: ({ customerAccountId, ...values }: HireFormValues): Record<string, unknown> => {
      const body: Record<string, unknown> = { ...values };
      for (const time of TIMES) {
        const value = values[time];
        if (value !== undefined)
          body[time] = value ? (instantOfInput(value, timeZone)?.toISOString() ?? value) : null;
      }
      const account = customerAccountId?.trim();
      if (account) body.customerOrganisationId = account;
      return body;
    },
  };
}

function TermsInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' }, width: '100%' }}>
      <SelectInput
        source="contractedHoursPer"
        choices={CONTRACTED_HOURS_PER.map((id) => ({ id, name: translate(`app.hires.per.${id}`) }))}
        validate={required()}
      />
      <DecimalInput source="contractedHours" min={0.25} max={168} validate={required()} />
      <SelectInput
        source="overusePeriod"
        emptyText="app.hires.no_overuse"
        choices={OVERUSE_PERIODS.map((id) => ({ id, name: translate(`app.hires.periods.${id}`) }))}
      />
      <DecimalInput source="overuseAllowanceH" min={0.25} max={744} />
      <DecimalInput source="overuseRate" min={0} />
    </Box>
  );
}

function HireFormFields({ create }: { create: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const customers = useQuery({
    queryKey: hireKeys.customers,
    queryFn: () => dataProvider.getHireCustomers(),
  });
  return (
    <>
      {create ? <MachineInput source="machineId" validate={required()} /> : null}
      <TextInput
        source="contractNumber"
        validate={required()}
        slotProps={{ htmlInput: { maxLength: MAX_CONTRACT_NUMBER_LENGTH } }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('app.hires.customer_hint')}
      </Typography>
      <SelectInput
        source="customerOrganisationId"
        choices={customers.data?.customers ?? []}
        emptyText="–"
      />
      <TextInput source="customerAccountId" label="app.hires.account_hint" />
      <TextInput source="customerName" slotProps={{ htmlInput: { maxLength: 100 } }} />
      <ReferenceInput source="siteId" reference="sites">
        <SelectInput optionText="name" emptyText="–" />
      </ReferenceInput>
      <InstantInput source="onHireAt" validate={required()} />
      <InstantInput source="offHireAt" helperText="app.hires.open_ended" />
      <TermsInputs />
      <TextInput
        source="note"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <TextInput source="overrideReason" slotProps={{ htmlInput: { maxLength: 500 } }} />
    </>
  );
}

export function HireCreate() {
  const [params] = useSearchParams();
  const { toForm, toBody } = useTimes();
  const defaults = toForm({
    machineId: params.get('machineId') ?? undefined,
    onHireAt: new Date().toISOString(),
    contractedHoursPer: 'day',
    contractedHours: DEFAULT_CONTRACTED_HOURS_PER_DAY,
  });
  return (
    <Create redirect="show" transform={(data: HireFormValues) => toBody(data)}>
      <SimpleForm defaultValues={defaults}>
        <HireFormFields create />
      </SimpleForm>
    </Create>
  );
}

function HireEditForm() {
  const record = useRecordContext<Hire>();
  const { toForm } = useTimes();
  if (!record) return null;
  return (
    // Cancelling is the show page's: only a booked hire may be, and a started one is off-hired.
    <SimpleForm
      record={toForm(record)}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <HireFormFields create={false} />
    </SimpleForm>
  );
}

export function HireEdit() {
  const { toBody } = useTimes();
  return (
    <Edit
      redirect="show"
      mutationMode="pessimistic"
      transform={(data: HireFormValues) => toBody(data)}
    >
      <HireEditForm />
    </Edit>
  );
}
