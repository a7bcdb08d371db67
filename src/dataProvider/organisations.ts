// react-admin's standard methods for 'admin/orgs/settings' (staff): the organisations, paged and
// sorted by the server, and each one's settings.
import type { GetListParams, GetManyParams, GetOneParams, UpdateParams } from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import {
  ORGANISATION_SORTS,
  type OrganisationListReply,
  type OrganisationSettingsBody,
  type OrganisationSettingsRecord,
} from '../domain/api/organisations.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

const settingsPath = (id: string) => pathTo(endpoints.admin.organisations.settings, { id });

/** What the form holds, as PUT takes it: the editable fields only. */
function bodyOf(data: Partial<OrganisationSettingsRecord>): OrganisationSettingsBody {
  return {
    name: data.name,
    type: data.type,
    timezone: data.timezone,
    navigation: data.navigation,
    modules: data.modules,
    features: data.features,
    machineName: data.machineName,
    routeMinSatellites: data.routeMinSatellites,
    hireStatuses: data.hireStatuses,
    mandatoryFields: data.mandatoryFields,
    materials: data.materials,
    manufacturers: data.manufacturers,
    dealerId: data.dealerId?.trim() ? data.dealerId.trim() : null,
    offHoursStartDate: data.offHoursStartDate,
    loginDomains: data.loginDomains,
  };
}

export function organisationResource(client: ApiClient) {
  const getOne = async (id: string) => ({
    data: await client.request<OrganisationSettingsRecord>(settingsPath(id)),
  });
  return {
    getList: async (params: GetListParams) => {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const { field = 'name', order = 'ASC' } = params.sort ?? {};
      const filter = (params.filter ?? {}) as { q?: string; type?: string };
      const reply = await client.request<OrganisationListReply>(
        endpoints.admin.organisations.list,
        {
          query: {
            q: filter.q,
            type: filter.type,
            sort: (ORGANISATION_SORTS as readonly string[]).includes(field) ? field : 'name',
            order,
            offset: (page - 1) * perPage,
            limit: perPage,
          },
          signal: params.signal,
        },
      );
      return { data: reply.organisations, total: reply.total };
    },
    getOne: (params: GetOneParams) => getOne(String(params.id)),
    getMany: async (params: GetManyParams) => ({
      data: await Promise.all(params.ids.map(async (id) => (await getOne(String(id))).data)),
    }),
    create: () => Promise.reject(new Error('Organisations are registered, not created here')),
    update: async (params: UpdateParams) => ({
      data: await client.request<OrganisationSettingsRecord>(settingsPath(String(params.id)), {
        method: 'PUT',
        body: bodyOf(params.data as Partial<OrganisationSettingsRecord>),
      }),
    }),
    delete: () => Promise.reject(new Error('Organisations are not deleted from the portal')),
  };
}
