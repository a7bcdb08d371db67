// /maintenance/plans: the organisation's service plan templates. Each is a named task with intervals
// by engine hours, days or months, and km (whichever comes first), its due-soon margins, whether it
// is safety-critical, and what it applies to: machine categories, models and single machines.
import { Chip, Stack, Typography } from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  List,
  required,
  SimpleForm,
  TextInput,
  TopToolbar,
  useDataProvider,
  useInput,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { maintenanceKeys } from '../../dataProvider/maintenance.ts';
import {
  DEFAULT_DUE_SOON_DAYS,
  DEFAULT_DUE_SOON_H,
  type ServicePlan,
} from '../../domain/api/maintenance.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { DecimalInput } from '../../common/DecimalInput.tsx';
import { useCanCall } from '../../common/useCanCall.ts';
import { MachinePicker } from '../hires/MachinePicker.tsx';
import { useIntervalText } from './fields.tsx';

type PlanValues = Partial<Record<keyof ServicePlan, unknown>>;

const given = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The server's own rules, said at the field: one interval at least; days or months, not both. */
function validatePlan(values: PlanValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const intervals = ['intervalH', 'intervalDays', 'intervalMonths', 'intervalKm'] as const;
  if (!intervals.some((field) => given(values[field]))) {
    errors.intervalH = 'app.maintenance.interval_needed';
  }
  if (given(values.intervalDays) && given(values.intervalMonths)) {
    errors.intervalMonths = 'app.maintenance.days_or_months';
  }
  return errors;
}

function useAppliesText() {
  const translate = useTranslate();
  return (plan: ServicePlan) =>
    [
      plan.categories.length > 0
        ? translate('app.maintenance.applies_categories', { list: plan.categories.join(', ') })
        : null,
      plan.models.length > 0
        ? translate('app.maintenance.applies_models', { list: plan.models.join(', ') })
        : null,
      plan.machineIds.length > 0
        ? translate('app.maintenance.applies_machines', { smart_count: plan.machineIds.length })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

export default function PlanList() {
  const translate = useTranslate();
  const canCall = useCanCall();
  const intervalText = useIntervalText();
  const appliesText = useAppliesText();
  const canWrite = canCall('POST', endpoints.portal.servicePlans.root);
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{canWrite ? <CreateButton /> : null}</TopToolbar>}
    >
      <DataTable rowClick={canWrite ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="interval" disableSort>
          <FunctionField<ServicePlan> render={(plan) => intervalText(plan)} />
        </DataTable.Col>
        <DataTable.Col source="appliesTo" disableSort>
          <FunctionField<ServicePlan> render={(plan) => appliesText(plan)} />
        </DataTable.Col>
        <DataTable.Col source="machineCount" disableSort />
        <DataTable.Col source="safetyCritical" disableSort>
          <FunctionField<ServicePlan>
            render={(plan) =>
              plan.safetyCritical ? (
                <Chip size="small" color="warning" label={translate('app.maintenance.safety')} />
              ) : null
            }
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Single machines: each chosen one a chip, another added by the machine search. */
function MachineIdsInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { field } = useInput({ source: 'machineIds' });
  const ids = Array.isArray(field.value) ? (field.value as string[]) : [];
  const names = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['machines', 'picked', id],
      queryFn: () => dataProvider.getMachine(id),
    })),
  });
  return (
    <Stack gap={1} sx={{ width: '100%', maxWidth: 480 }}>
      <MachinePicker
        value={null}
        label={translate('resources.maintenance/plans.fields.machineIds')}
        onChange={(id) => {
          if (id && !ids.includes(id)) field.onChange([...ids, id]);
        }}
      />
      <Stack direction="row" gap={0.5} flexWrap="wrap" data-testid="plan-machines">
        {ids.map((id, index) => (
          <Chip
            key={id}
            label={names[index]?.data?.name ?? id}
            onDelete={() => field.onChange(ids.filter((other) => other !== id))}
          />
        ))}
      </Stack>
    </Stack>
  );
}

const whole = (value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? 'app.maintenance.whole' : undefined;

/** A new plan's margins: the server's own defaults. */
const NEW_PLAN = {
  dueSoonH: DEFAULT_DUE_SOON_H,
  dueSoonDays: DEFAULT_DUE_SOON_DAYS,
  categories: [],
  models: [],
  machineIds: [],
};

function PlanForm({ defaults }: { defaults?: typeof NEW_PLAN }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: choices } = useQuery({
    queryKey: maintenanceKeys.choices,
    queryFn: () => dataProvider.getServicePlanChoices(),
  });
  const canWrite = useCanCall()('PATCH', endpoints.portal.servicePlans.item);
  const options = (list: string[] | undefined) => (list ?? []).map((id) => ({ id, name: id }));
  return (
    // A viewer reads the plan: no save or delete.
    <SimpleForm
      validate={validatePlan}
      defaultValues={defaults}
      toolbar={canWrite ? undefined : false}
    >
      <TextInput source="name" validate={required()} sx={{ maxWidth: 480 }} />
      <Typography variant="subtitle2">
        {translate('resources.maintenance/plans.fields.interval')}
      </Typography>
      <Stack direction="row" gap={2} flexWrap="wrap">
        <DecimalInput source="intervalH" min={0} />
        <DecimalInput source="intervalDays" min={1} validate={whole} />
        <DecimalInput source="intervalMonths" min={1} validate={whole} />
        <DecimalInput source="intervalKm" min={0} />
      </Stack>
      <Stack direction="row" gap={2} flexWrap="wrap">
        <DecimalInput source="dueSoonH" min={0} />
        <DecimalInput source="dueSoonDays" min={0} validate={whole} />
      </Stack>
      <BooleanInput source="safetyCritical" helperText="app.maintenance.safety_help" />
      <Typography variant="subtitle2">
        {translate('resources.maintenance/plans.fields.appliesTo')}
      </Typography>
      <AutocompleteArrayInput
        source="categories"
        choices={options(choices?.categories)}
        sx={{ maxWidth: 480 }}
      />
      <AutocompleteArrayInput
        source="models"
        choices={options(choices?.models)}
        sx={{ maxWidth: 480 }}
      />
      <MachineIdsInput />
    </SimpleForm>
  );
}

export function PlanCreate() {
  return (
    <Create redirect="list">
      <PlanForm defaults={NEW_PLAN} />
    </Create>
  );
}

export function PlanEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <PlanForm />
    </Edit>
  );
}
