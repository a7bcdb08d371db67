// /check-templates: the organisation's hand-over checklists (issue 44), one per machine category
// (or one for every category without its own): the items its yard answers when a machine goes out
// on hire and when it comes back. Viewers read them.
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  List,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  TopToolbar,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { maintenanceKeys } from '../../dataProvider/maintenance.ts';
import { CHECK_ITEM_KINDS, type CheckItem, type CheckTemplate } from '../../domain/api/checks.ts';
import { endpoints } from '../../domain/api/endpoints.ts';
import { useCanCall } from '../../common/useCanCall.ts';
import { withKeys } from './itemKeys.ts';

export default function TemplateList() {
  const translate = useTranslate();
  const canWrite = useCanCall()('POST', endpoints.portal.checkTemplates.root);
  return (
    <List
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{canWrite ? <CreateButton /> : null}</TopToolbar>}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="category" disableSort>
          <FunctionField<CheckTemplate>
            render={(template) => template.category ?? translate('app.checks.every_category')}
          />
        </DataTable.Col>
        <DataTable.Col source="items" disableSort>
          <FunctionField<CheckTemplate>
            render={(template) => template.items.map((item) => item.label).join(', ')}
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** A new checklist starts with what every hand-over asks. */
const NEW_TEMPLATE = {
  category: null,
  items: [
    { key: 'fuel', label: 'Fuel level', kind: 'fuelLevel' },
    { key: 'hourMeter', label: 'Hour meter', kind: 'hourMeter' },
    { key: 'damage', label: 'Damage', kind: 'damage' },
    { key: 'clean', label: 'Clean', kind: 'clean' },
  ] satisfies CheckItem[],
};

function TemplateForm({ defaults }: { defaults?: typeof NEW_TEMPLATE }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const canWrite = useCanCall()('PATCH', endpoints.portal.checkTemplates.item);
  const { data: choices } = useQuery({
    queryKey: maintenanceKeys.choices,
    queryFn: () => dataProvider.getServicePlanChoices(),
  });
  const kinds = CHECK_ITEM_KINDS.map((id) => ({ id, name: `app.checks.item_kinds.${id}` }));
  return (
    <SimpleForm defaultValues={defaults} toolbar={canWrite ? undefined : false}>
      <TextInput source="name" validate={required()} readOnly={!canWrite} sx={{ maxWidth: 480 }} />
      <AutocompleteInput
        source="category"
        choices={(choices?.categories ?? []).map((id) => ({ id, name: id }))}
        helperText="app.checks.category_help"
        emptyText={translate('app.checks.every_category')}
        readOnly={!canWrite}
        sx={{ maxWidth: 480 }}
      />
      <ArrayInput source="items" validate={required()}>
        {/* A viewer reads the items: no adding, removing or moving them. */}
        <SimpleFormIterator
          inline
          disableAdd={!canWrite}
          disableRemove={!canWrite}
          disableReordering={!canWrite}
        >
          <TextInput
            source="label"
            label="app.checks.item"
            validate={required()}
            readOnly={!canWrite}
          />
          <SelectInput
            source="kind"
            label="app.checks.item_kind"
            choices={kinds}
            validate={required()}
            readOnly={!canWrite}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

type TemplateValues = Omit<CheckTemplate, 'items'> & {
  items: (Omit<CheckItem, 'key'> & { key?: string })[];
};
const keyed = (data: TemplateValues) => ({ ...data, items: withKeys(data.items ?? []) });

export function TemplateCreate() {
  return (
    <Create redirect="list" transform={keyed}>
      <TemplateForm defaults={NEW_TEMPLATE} />
    </Create>
  );
}

export function TemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={keyed}>
      <TemplateForm />
    </Edit>
  );
}
