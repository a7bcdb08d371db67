// /admin/sso-providers (staff): which e-mail domain signs in through which OpenID provider, for
// which organisation, and whether unknown people of the domain get an account and which role.
import { useQuery } from '@tanstack/react-query';
import {
  BooleanInput,
  Create,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  List,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  CreateButton,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';

function ProviderForm({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const organisations = useQuery({
    queryKey: userKeys.organisations,
    queryFn: () => dataProvider.getManagedOrganisations(),
  });
  return (
    <SimpleForm
      defaultValues={{ type: 'OIDC', createUsers: false, defaultRole: 'viewer' }}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {editing ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
        </Toolbar>
      }
    >
      <SelectInput
        source="organisationId"
        validate={required()}
        isLoading={organisations.isPending}
        choices={(organisations.data?.organisations ?? []).map((org) => ({
          id: org.id,
          name: org.name,
        }))}
      />
      <TextInput
        source="emailDomain"
        validate={required()}
        helperText="app.accounts.sso_providers.domain_help"
      />
      <TextInput source="name" validate={required()} />
      <TextInput
        source="issuer"
        validate={required()}
        type="url"
        helperText="app.accounts.sso_providers.issuer_help"
      />
      <TextInput source="clientId" validate={required()} />
      <PasswordInput
        source="clientSecret"
        validate={editing ? undefined : required()}
        helperText={editing ? 'app.accounts.sso_providers.secret_kept' : undefined}
      />
      <BooleanInput
        source="createUsers"
        helperText="app.accounts.sso_providers.create_users_help"
      />
      <SelectInput
        source="defaultRole"
        choices={['viewer', 'admin'].map((role) => ({
          id: role,
          name: translate(`app.users.roles.${role}`),
        }))}
      />
    </SimpleForm>
  );
}

export function SsoProviderList() {
  return (
    <List
      sort={{ field: 'emailDomain', order: 'ASC' }}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="emailDomain" />
        <DataTable.Col source="name" />
        <DataTable.Col source="organisationName" />
        <DataTable.Col source="issuer" />
        <DataTable.Col source="createUsers" />
        <DataTable.Col source="defaultRole" />
      </DataTable>
    </List>
  );
}

export function SsoProviderCreate() {
  return (
    <Create redirect="list">
      <ProviderForm editing={false} />
    </Create>
  );
}

export function SsoProviderEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ProviderForm editing />
    </Edit>
  );
}

export default SsoProviderList;
