// ra-data-simple-rest's httpClient, through the portal's own client (token, refresh, errors), for
// the resources the API serves in ra-data-simple-rest's shape (users, gateways, sensors).
import type { fetchUtils } from 'ra-core';
import type { ApiClient, RequestOptions } from '../api/apiClient.ts';

export function simpleRestHttpClient(client: ApiClient) {
  return async (url: string, options: fetchUtils.Options = {}) => {
    const target = new URL(url, window.location.origin);
    const reply = await client.exchange<unknown>(target.pathname + target.search, {
      method: (options.method ?? 'GET') as RequestOptions['method'],
      body: typeof options.body === 'string' ? (JSON.parse(options.body) as unknown) : undefined,
      signal: options.signal ?? undefined,
    });
    return {
      status: reply.status,
      headers: reply.headers,
      body: JSON.stringify(reply.body ?? null),
      json: reply.body,
    };
  };
}
