// /users and /users/list (filter): the organisation's people, paged and sorted by the server, with
// search, a role and a status filter, invitations, and a confirmed bulk delete for admins.
// /portal/users is a rental company's view of its customers' people, with their organisation.
import {
  BooleanField,
  BulkDeleteButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  CreateButton,
  useTranslate,
} from 'react-admin';
import { Navigate, useSearchParams } from 'react-router-dom';
import { ROLES } from '../../domain/constants.ts';
import { links } from '../../domain/paths.ts';
import { USER_STATUSES, type UserRecord } from '../../domain/api/users.ts';
import { useCaller } from '../../common/useCaller.ts';
import { InviteButton } from './InviteButton.tsx';
import {
  UserNameField,
  UserOrganisationsField,
  UserRoleField,
  UserStatusField,
} from './UserFields.tsx';
import { WhenField } from '../../common/fields.tsx';
import { TableOrCards } from '../../common/phone.tsx';
import { usePhoneFilters } from '../../common/PhoneFilters.tsx';

function useFilters() {
  const translate = useTranslate();
  return usePhoneFilters([
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="role"
      source="role"
      choices={ROLES.map((role) => ({ id: role, name: translate(`app.users.roles.${role}`) }))}
    />,
    <SelectInput
      key="status"
      source="status"
      choices={USER_STATUSES.map((status) => ({
        id: status,
        name: translate(`app.users.statuses.${status}`),
      }))}
    />,
  ]);
}

/** A person's card on a phone: name and status, address, role and organisation. */
function UserCards({ customers }: { customers: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleList<UserRecord>
      rowClick="edit"
      primaryText={<UserNameField />}
      tertiaryText={<UserStatusField />}
      secondaryText={(user) =>
        [
          user.email,
          translate(`app.users.roles.${user.role}`),
          customers ? user.organisationName : null,
        ]
          .filter(Boolean)
          .join(' · ')
      }
    />
  );
}

function UsersTable({ canWrite, customers }: { canWrite: boolean; customers: boolean }) {
  return (
    <TableOrCards cards={<UserCards customers={customers} />}>
      <DataTable
        rowClick="edit"
        bulkActionButtons={canWrite ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
      >
        <DataTable.Col source="lastName" label="resources.users.fields.name">
          <UserNameField />
        </DataTable.Col>
        <DataTable.Col source="email" />
        {customers ? <DataTable.Col source="organisationName" /> : null}
        <DataTable.Col source="role">
          <UserRoleField />
        </DataTable.Col>
        <DataTable.Col source="status">
          <UserStatusField />
        </DataTable.Col>
        <DataTable.Col source="organisations" disableSort>
          <UserOrganisationsField />
        </DataTable.Col>
        <DataTable.Col source="lastLogin">
          <WhenField source="lastLogin" />
        </DataTable.Col>
        {canWrite ? (
          <DataTable.Col source="secondFactor" disableSort>
            <BooleanField source="secondFactor" />
          </DataTable.Col>
        ) : null}
      </DataTable>
    </TableOrCards>
  );
}

export function UserList() {
  const { canWrite } = useCaller();
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<TopToolbar>{canWrite ? <InviteButton /> : null}</TopToolbar>}
    >
      <UsersTable canWrite={canWrite} customers={false} />
    </List>
  );
}

export function PortalUserList() {
  const { canWrite, isStaff } = useCaller();
  const filters = useFilters();
  const [params] = useSearchParams();
  // Spec point 2: /portal/users?userId= opens that person.
  const userId = params.get('userId');
  if (userId) return <Navigate to={links.portalUser(userId)} replace />;
  return (
    <List
      resource="portal/users"
      filters={filters}
      sort={{ field: 'organisationName', order: 'ASC' }}
      perPage={25}
      exporter={false}
      title="app.users.customers_title"
      actions={
        <TopToolbar>
          {isStaff ? <CreateButton label="app.users.create_title" /> : null}
          {canWrite ? <InviteButton customersOnly /> : null}
        </TopToolbar>
      }
    >
      <UsersTable canWrite={canWrite} customers />
    </List>
  );
}

export default UserList;
