// An organisation's API clients (issue 43, docs/integrations.md): listed, made (the secret in the
// reply only) and revoked, for the /organisation/integrations tab.
import type { ApiClient as PortalApiClient } from '../api/apiClient.ts';
import type { ApiClient, ApiClientBody, ApiClientCreated } from '../domain/api/apiClients.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export const apiClientKeys = { all: ['api-clients'] };

export function apiClientCalls(client: PortalApiClient) {
  const { apiClients, apiClient } = endpoints.organisation;
  return {
    listApiClients: (signal?: AbortSignal) => client.request<ApiClient[]>(apiClients, { signal }),
    createApiClient: (body: ApiClientBody) =>
      client.request<ApiClientCreated>(apiClients, { method: 'POST', body }),
    revokeApiClient: (id: string) =>
      client.request<ApiClient>(pathTo(apiClient, { id }), { method: 'DELETE' }),
  };
}
