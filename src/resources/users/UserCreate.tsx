// /portal/users/create (staff only): an account made at once, without an invitation, in any
// organisation, with a password staff hand over (the server's password rule applies).
import { useQuery } from '@tanstack/react-query';
import {
  Create,
  email,
  PasswordInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { userKeys } from '../../dataProvider/users.ts';
import { ROLES } from '../../domain/constants.ts';

export default function UserCreate() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const organisations = useQuery({
    queryKey: userKeys.organisations,
    queryFn: () => dataProvider.getManagedOrganisations(),
  });
  return (
    <Create redirect="edit" title="app.users.create_title">
      <SimpleForm defaultValues={{ role: 'viewer' }}>
        <SelectInput
          source="organisationId"
          validate={required()}
          isLoading={organisations.isPending}
          choices={(organisations.data?.organisations ?? []).map((org) => ({
            id: org.id,
            name: org.name,
          }))}
        />
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <SelectInput
          source="role"
          validate={required()}
          choices={ROLES.map((role) => ({ id: role, name: translate(`app.users.roles.${role}`) }))}
        />
        <PasswordInput
          source="password"
          validate={required()}
          autoComplete="new-password"
          helperText="app.users.create_password_help"
        />
      </SimpleForm>
    </Create>
  );
}
