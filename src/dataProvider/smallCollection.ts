// A resource whose organisation has a few rows (service plans, check lists): fetched whole (up to
// 500) and paged here, each row read, created, changed and deleted through its own path. The form's
// values go through `body`, which keeps only what the server takes.
import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import { pathTo } from '../domain/api/endpoints.ts';

export function smallCollectionResource<T extends { id: string }>(
  client: ApiClient,
  paths: { root: string; item: string },
  body: (data: Record<string, unknown>) => unknown,
  query: Record<string, string> = {},
) {
  const item = (id: string) => pathTo(paths.item, { id });
  const all = () => client.request<T[]>(paths.root, { query: { ...query, range: '[0,499]' } });
  return {
    getList: async (params: GetListParams) => {
      const rows = await all();
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length };
    },
    getOne: async (params: GetOneParams) => ({
      data: await client.request<T>(item(String(params.id))),
    }),
    getMany: async (params: GetManyParams) => ({
      data: (await all()).filter((row) => params.ids.map(String).includes(row.id)),
    }),
    create: async (params: CreateParams) => ({
      data: await client.request<T>(paths.root, {
        method: 'POST',
        body: body(params.data as Record<string, unknown>),
      }),
    }),
    update: async (params: UpdateParams) => ({
      data: await client.request<T>(item(String(params.id)), {
        method: 'PATCH',
        body: body(params.data as Record<string, unknown>),
      }),
    }),
    delete: async (params: DeleteParams) => {
      await client.request(item(String(params.id)), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as T };
    },
  };
}
