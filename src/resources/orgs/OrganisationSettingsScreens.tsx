// /admin/orgs/settings/list and /admin/orgs/settings/{id} (staff): every organisation, and what
// its portal shows and allows: name and type, the navigation entries and modules switched on, the
// machine name shown first, route points' satellites, hire statuses, the fields onboarding
// requires, materials, manufacturers, the dealer id and the first day of off-hours data.
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  CheckboxGroupInput,
  DataTable,
  Edit,
  FunctionField,
  List,
  required,
  type RaRecord,
  SearchInput,
  SelectInput,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DayInput } from '../../common/pickerInputs.tsx';
import { EraseOrganisationButton } from './EraseOrganisation.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../dataProvider/account.ts';
import { ONBOARDING_FIELDS } from '../../domain/api/onboarding.ts';
import type { OrganisationListRow } from '../../domain/api/organisations.ts';
import {
  FEATURE_KEYS,
  MODULE_KEYS,
  NAVIGATION_KEYS,
  type FeatureGroup,
} from '../../domain/api/session.ts';
import { HIRE_STATUSES, ORGANISATION_TYPES } from '../../domain/constants.ts';
import { DayField, FigureField } from '../../common/fields.tsx';
import { DecimalInput } from '../../common/DecimalInput.tsx';

const TIME_ZONES = Intl.supportedValuesOf('timeZone').map((zone) => ({ id: zone, name: zone }));

function useTypeChoices() {
  const translate = useTranslate();
  return ORGANISATION_TYPES.map((type) => ({
    id: type,
    name: translate(`app.accounts.register.types.${type}`),
  }));
}

/** A list typed as words separated by commas, kept as an array. */
const listFormat = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const listParse = (value: string) => [
  ...new Set(
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

export function OrganisationSettingsList() {
  const types = useTypeChoices();
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="type" source="type" choices={types} alwaysOn />,
      ]}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="type">
          <TypeField />
        </DataTable.Col>
        <DataTable.Col source="timezone" disableSort>
          <TextField source="timezone" />
        </DataTable.Col>
        <DataTable.Col source="users">
          <FigureField source="users" />
        </DataTable.Col>
        <DataTable.Col source="machines">
          <FigureField source="machines" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DayField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The organisation's type in words. */
function TypeField() {
  const translate = useTranslate();
  return (
    <FunctionField<OrganisationListRow>
      render={(row) => translate(`app.accounts.register.types.${row.type}`)}
    />
  );
}

function Switches({ group, keys }: { group: FeatureGroup; keys: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle1">{translate(`app.org_settings.${group}`)}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {keys.map((key) => (
          <BooleanInput
            key={key}
            source={`${group}.${key}`}
            label={`app.org_settings.${group}_keys.${key}`}
            helperText={false}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The hire statuses counted as hired: the portal's own by their names ("On hire"), and any an ERP
 * sends (such as OFF_RENT_PENDING) as they are; a new one is typed in.
 */
function HireStatusesInput() {
  const translate = useTranslate();
  const record = useRecordContext<{ hireStatuses?: string[] }>();
  const choiceOf = (id: string) => ({
    id,
    name: (HIRE_STATUSES as readonly string[]).includes(id)
      ? translate(`app.machines.hire_status.${id}`)
      : id,
  });
  const [choices, setChoices] = useState(() =>
    [...new Set([...HIRE_STATUSES, ...(record?.hireStatuses ?? [])])].map(choiceOf),
  );
  return (
    <AutocompleteArrayInput
      source="hireStatuses"
      choices={choices}
      helperText="app.org_settings.hire_statuses_help"
      onCreate={(typed?: string) => {
        const choice = choiceOf((typed ?? '').trim());
        setChoices((current) => [...current, choice]);
        return choice;
      }}
      sx={{ minWidth: 320 }}
    />
  );
}

export function OrganisationSettingsEdit() {
  const translate = useTranslate();
  const types = useTypeChoices();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      // Staff signed in to the organisation they changed see its new switches at once.
      mutationOptions={{
        onSuccess: (saved: RaRecord) => {
          notify('app.org_settings.saved', { messageArgs: { name: String(saved.name ?? '') } });
          void queryClient.invalidateQueries({ queryKey: accountKeys.settings });
        },
      }}
    >
      {/* Organisations are registered, not deleted: erased for good on leaving (issue 45). */}
      <SimpleForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <SaveButton />
            <EraseOrganisationButton />
          </Toolbar>
        }
      >
        <TextInput source="name" validate={required()} />
        <SelectInput source="type" choices={types} validate={required()} />
        <AutocompleteInput
          source="timezone"
          choices={TIME_ZONES}
          disableClearable
          helperText="app.org_settings.timezone_help"
          sx={{ minWidth: 320 }}
        />
        <Switches group="navigation" keys={NAVIGATION_KEYS} />
        <Switches group="modules" keys={MODULE_KEYS} />
        <Switches group="features" keys={FEATURE_KEYS} />
        <SelectInput
          source="machineName"
          choices={[
            { id: 'name', name: translate('app.org_settings.machine_name_first') },
            { id: 'assetId', name: translate('app.org_settings.asset_id_first') },
          ]}
        />
        <DecimalInput source="routeMinSatellites" min={0} max={24} />
        <HireStatusesInput />
        <CheckboxGroupInput
          source="mandatoryFields"
          choices={ONBOARDING_FIELDS.map((field) => ({
            id: field,
            name: translate(
              field === 'siteId' ? 'app.org_settings.site' : `app.onboard.fields.${field}`,
            ),
          }))}
        />
        <TextInput
          source="materials"
          format={listFormat}
          parse={listParse}
          helperText="app.org_settings.list_help"
        />
        <TextInput
          source="manufacturers"
          format={listFormat}
          parse={listParse}
          helperText="app.org_settings.manufacturers_help"
        />
        <TextInput source="dealerId" />
        <DayInput source="offHoursStartDate" validate={required()} />
        <TextInput
          source="loginDomains"
          format={listFormat}
          parse={listParse}
          helperText="app.org_settings.login_domains_help"
        />
      </SimpleForm>
    </Edit>
  );
}
