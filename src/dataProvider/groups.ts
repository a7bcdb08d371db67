// Machine groups: the organisation's own grouping of its machines, as the 'groups' resource
// (react-admin's standard methods) and the two calls the machine screen uses.
import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type { GroupsReply, MachineGroup } from '../domain/api/machineSettings.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

const groupPath = (id: string) => pathTo(endpoints.portal.groups.item, { id });

export function groupCalls(client: ApiClient) {
  return {
    getGroups: () => client.request<GroupsReply>(endpoints.portal.groups.root),
    createGroup: (name: string) =>
      client.request<MachineGroup>(endpoints.portal.groups.root, {
        method: 'POST',
        body: { name },
      }),
  };
}

/** react-admin's standard methods for 'groups': an organisation has a handful, sorted here. */
export function groupResource(client: ApiClient) {
  const calls = groupCalls(client);
  const all = async () => (await calls.getGroups()).groups;
  return {
    getList: async (params: GetListParams) => {
      const field = (params.sort?.field ?? 'name') as keyof MachineGroup;
      const direction = params.sort?.order === 'DESC' ? -1 : 1;
      const groups = (await all()).sort((a, b) =>
        field === 'numberOfMachines'
          ? direction * (a.numberOfMachines - b.numberOfMachines)
          : direction * a.name.localeCompare(b.name),
      );
      const { page = 1, perPage = groups.length } = params.pagination ?? {};
      return { data: groups.slice((page - 1) * perPage, page * perPage), total: groups.length };
    },
    getOne: async (params: GetOneParams) => {
      const group = (await all()).find((g) => g.id === String(params.id));
      if (!group) throw new Error('No such group');
      return { data: group };
    },
    getMany: async (params: GetManyParams) => {
      const ids = new Set(params.ids.map(String));
      return { data: (await all()).filter((g) => ids.has(g.id)) };
    },
    create: async (params: CreateParams) => ({
      data: await calls.createGroup(String(params.data.name ?? '')),
    }),
    update: async (params: UpdateParams) => ({
      data: await client.request<MachineGroup>(groupPath(String(params.id)), {
        method: 'PUT',
        body: { name: String(params.data.name ?? '') },
      }),
    }),
    delete: async (params: DeleteParams) => {
      await client.request<unknown>(groupPath(String(params.id)), { method: 'DELETE' });
      return { data: { id: params.id } };
    },
  };
}
