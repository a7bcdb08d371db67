// react-admin's dataProvider: resources and named calls mapped onto the /v1 endpoints.
import type { DataProvider, GetListParams, GetListResult } from 'ra-core';
import {
  MACHINE_SORT_KEYS,
  type MachineListReply,
  type MachineListSummary,
  type MachineRow,
  type MachineUpdateBody,
} from '../domain/api/machines.ts';
import type { FiltersReply, SavedFiltersReply } from '../domain/api/filters.ts';
import type { MachineActivityReply } from '../domain/api/machineActivity.ts';
import type { UserSettingsReply } from '../domain/api/session.ts';
import type { ApiClient } from './apiClient.ts';

/** A machine as the portal reads it: the wire's assetID is assetId here (spec point 3). */
export type Machine = Omit<MachineRow, 'assetID'> & { assetId: string | null };

export function toMachine({ assetID, ...row }: MachineRow): Machine {
  return { ...row, assetId: assetID };
}

export interface MachineListFilter {
  q?: string;
  startDate?: string;
  endDate?: string;
  show?: 'active' | 'archived' | 'all';
  /** Encoded filter groups, see domain/filterQuery.ts. */
  filter?: string;
}

export interface PortalDataProvider extends DataProvider {
  getSettings(): Promise<UserSettingsReply>;
  /** One machine as its list row over a range (all recorded time by default). */
  getMachine(id: string, range?: { start?: string; end?: string }): Promise<Machine>;
  getMachineActivity(
    id: string,
    range: { startDate: string; endDate: string },
  ): Promise<MachineActivityReply>;
  updateMachine(id: string, changes: MachineUpdateBody): Promise<Machine>;
  archiveMachine(id: string): Promise<Machine>;
  unarchiveMachine(id: string): Promise<Machine>;
  getFilters(query: { start?: string; end?: string; show?: string }): Promise<FiltersReply>;
  getSavedFilters(label: string): Promise<SavedFiltersReply>;
  saveFilter(label: string, name: string, filters: string): Promise<{ filterID: string }>;
  deleteSavedFilter(label: string, name: string): Promise<void>;
}

const isSortKey = (field: string): field is (typeof MACHINE_SORT_KEYS)[number] =>
  (MACHINE_SORT_KEYS as readonly string[]).includes(field);

async function listMachines(
  client: ApiClient,
  params: GetListParams,
): Promise<GetListResult<Machine> & { meta: { summary: MachineListSummary } }> {
  const filter = (params.filter ?? {}) as MachineListFilter;
  const sortField = params.sort?.field;
  const reply = await client.request<MachineListReply>('/v1/portal/machines/list', {
    query: {
      start: filter.startDate,
      end: filter.endDate,
      show: filter.show,
      filter: filter.filter,
      q: filter.q,
      sort: sortField && isSortKey(sortField) ? sortField : undefined,
      order: sortField && isSortKey(sortField) ? params.sort?.order : undefined,
      page: params.pagination?.page,
      perPage: params.pagination?.perPage,
    },
    signal: params.signal,
  });
  return {
    data: reply.machines.map(toMachine),
    total: reply.total,
    meta: { summary: reply.summary },
  };
}

function unsupported(method: string) {
  return (resource: string): Promise<never> =>
    Promise.reject(new Error(`The API offers no ${method} for ${resource}`));
}

export function createDataProvider(client: ApiClient): PortalDataProvider {
  return {
    // react-query's signal reaches fetch, so leaving a screen cancels its requests.
    supportAbortSignal: true,
    getList: (resource, params) =>
      resource === 'machines' ? listMachines(client, params) : unsupported('list')(resource),
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
    getSettings: () => client.request<UserSettingsReply>('/v1/users/settings'),
    getMachine: async (id, range = {}) =>
      toMachine(
        await client.request<MachineRow>(`/v1/portal/machines/${encodeURIComponent(id)}`, {
          query: range,
        }),
      ),
    updateMachine: async (id, changes) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body: changes,
        }),
      ),
    archiveMachine: async (id) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}/archive`, {
          method: 'POST',
          body: {},
        }),
      ),
    unarchiveMachine: async (id) =>
      toMachine(
        await client.request<MachineRow>(`/v1/machines/${encodeURIComponent(id)}/unarchive`, {
          method: 'POST',
        }),
      ),
    getFilters: (query) =>
      client.request<FiltersReply>('/v1/portal/filters', { query: { ...query, page: 'machines' } }),
    getSavedFilters: (label) =>
      client.request<SavedFiltersReply>('/v1/portal/filters/saved', { query: { label } }),
    saveFilter: (label, name, filters) =>
      client.request<{ filterID: string }>('/v1/portal/filters/saved', {
        method: 'POST',
        query: { label, name },
        body: { filters },
      }),
    deleteSavedFilter: async (label, name) => {
      await client.request<unknown>('/v1/portal/filters/saved', {
        method: 'DELETE',
        query: { label, name },
      });
    },
    getMachineActivity: (id, range) =>
      client.request<MachineActivityReply>(`/v1/machines/${encodeURIComponent(id)}/activity`, {
        query: range,
      }),
  } as PortalDataProvider;
}
