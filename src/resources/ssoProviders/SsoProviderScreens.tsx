// /admin/sso-providers (staff): which e-mail domain signs in through which OpenID Connect or SAML
// 2.0 provider, for which organisation, and whether unknown people of the domain get an account and
// which role. A saved provider shows the addresses its administrator registers for us.
import { Alert, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
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
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import { SSO_TYPES, type SsoProviderRecord } from '../../domain/api/ssoProviders.ts';

/** The fields of the chosen protocol. */
function ProtocolFields({ editing }: { editing: boolean }) {
  const type = useWatch<{ type: string }>({ name: 'type' });
  if (type === 'SAML')
    return (
      <TextInput
        source="metadataUrl"
        validate={required()}
        type="url"
        helperText="app.accounts.sso_providers.metadata_help"
      />
    );
  return (
    <>
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
    </>
  );
}

/** What the provider's administrator registers for us, once saved. */
function RegistrationAddresses() {
  const translate = useTranslate();
  const record = useRecordContext<SsoProviderRecord>();
  if (!record?.callbackUrl) return null;
  const rows = [
    ['callbackUrl', record.callbackUrl],
    ...(record.spEntityId ? [['spEntityId', record.spEntityId]] : []),
  ];
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 720 }}>
      <Typography variant="body2" gutterBottom>
        {translate('app.accounts.sso_providers.register_help')}
      </Typography>
      <Stack spacing={0.5}>
        {rows.map(([field = '', value]) => (
          <Typography key={field} variant="body2" sx={{ wordBreak: 'break-all' }}>
            <strong>{translate(`resources.admin/sso-providers.fields.${field}`)}:</strong>{' '}
            <code>{value}</code>
          </Typography>
        ))}
      </Stack>
    </Alert>
  );
}

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
      {editing ? <RegistrationAddresses /> : null}
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
      <SelectInput
        source="type"
        validate={required()}
        choices={SSO_TYPES.map((type) => ({ id: type, name: type }))}
      />
      <ProtocolFields editing={editing} />
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
        <DataTable.Col source="type" />
        <DataTable.Col
          source="issuer"
          render={(record: SsoProviderRecord) =>
            record.type === 'SAML' ? record.metadataUrl : record.issuer
          }
        />
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
