// The organisation's users, for choosing report recipients and whose report categories to set.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { UserRecord } from '../../domain/api/users.ts';

export function useOrganisationUsers(enabled = true) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['report-recipients'],
    queryFn: () =>
      dataProvider.getList<UserRecord>('users', {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'email', order: 'ASC' },
        filter: {},
      }),
    enabled,
  });
}

export const userLabel = (u: UserRecord) => `${u.firstName} ${u.lastName} <${u.email}>`.trim();
