// react-admin's standard methods for 'admin/sso-providers' (staff): a few rows, sorted and paged here.
import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  SsoProviderBody,
  SsoProviderRecord,
  SsoProvidersReply,
} from '../domain/api/ssoProviders.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

const path = (id?: string) =>
  id ? pathTo(endpoints.admin.ssoProviders.item, { id }) : endpoints.admin.ssoProviders.root;

/** What the form holds, as the API takes it: the type's fields only; no secret keeps the stored one. */
function bodyOf(data: Partial<SsoProviderRecord> & { clientSecret?: string }): SsoProviderBody {
  const common = {
    organisationId: data.organisationId ?? '',
    emailDomain: data.emailDomain ?? '',
    name: data.name ?? '',
    createUsers: data.createUsers === true,
    defaultRole: data.defaultRole ?? 'viewer',
  };
  if (data.type === 'SAML') return { ...common, type: 'SAML', metadataUrl: data.metadataUrl ?? '' };
  return {
    ...common,
    type: 'OIDC',
    issuer: data.issuer ?? '',
    clientId: data.clientId ?? '',
    ...(data.clientSecret ? { clientSecret: data.clientSecret } : {}),
  };
}

export function ssoProviderResource(client: ApiClient) {
  const all = async () => (await client.request<SsoProvidersReply>(path())).providers;
  return {
    getList: async (params: GetListParams) => {
      const rows = await all();
      const { field = 'emailDomain', order = 'ASC' } = params.sort ?? {};
      const key = field as keyof SsoProviderRecord;
      rows.sort(
        (a, b) => String(a[key]).localeCompare(String(b[key])) * (order === 'ASC' ? 1 : -1),
      );
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },
    getOne: async (params: GetOneParams) => {
      const found = (await all()).find((row) => row.id === String(params.id));
      if (!found) throw new Error('ra.notification.item_doesnt_exist');
      return { data: found };
    },
    getMany: async (params: GetManyParams) => ({
      data: (await all()).filter((row) => params.ids.map(String).includes(row.id)),
    }),
    create: async (params: CreateParams) => ({
      data: await client.request<SsoProviderRecord>(path(), {
        method: 'POST',
        body: bodyOf(params.data as SsoProviderBody) as SsoProviderBody,
      }),
    }),
    update: async (params: UpdateParams) => ({
      data: await client.request<SsoProviderRecord>(path(String(params.id)), {
        method: 'PUT',
        body: bodyOf(params.data as SsoProviderRecord),
      }),
    }),
    delete: async (params: DeleteParams) => {
      await client.request(path(String(params.id)), { method: 'DELETE' });
      return { data: params.previousData ?? { id: params.id } };
    },
  };
}
