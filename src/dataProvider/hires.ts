// The hires resource ('hires', ra-data-simple-rest over /v1/portal/hires): a save sends a PATCH of
// the changed fields only; and a hire's actions (off-hire, extend, swap), the customers a hire may
// name and the ERP's CSV import.
import type { GetListParams, GetManyParams, GetOneParams, UpdateParams } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  ExtendBody,
  Hire,
  HireBody,
  HireCustomersReply,
  HireFlagCounts,
  HireImportReply,
  HireUsage,
  HirePatch,
  OffHireBody,
  RentalSettings,
  SwapBody,
  SwapReply,
} from '../domain/api/hires.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

export const hireKeys = { customers: ['hire-customers'] };

/** The fields a form may change, with what changed only: a PATCH leaves the rest as it is. */
function patchOf(params: UpdateParams<Hire>): HirePatch {
  const fields: (keyof HirePatch)[] = [
    'contractNumber',
    'customerOrganisationId',
    'customerName',
    'siteId',
    'onHireAt',
    'offHireAt',
    'contractedHoursPer',
    'contractedHours',
    'overusePeriod',
    'overuseAllowanceH',
    'overuseRate',
    'note',
    'overrideReason',
  ];
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (params.data as Record<string, unknown>)[field];
    const before = (params.previousData as Record<string, unknown> | undefined)?.[field];
    if (value !== undefined && value !== before) patch[field] = value === '' ? null : value;
  }
  return patch as HirePatch;
}

export function hireResource(client: ApiClient) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  const item = (id: string) => pathTo(endpoints.portal.hires.item, { id });
  return {
    getList: (params: GetListParams) => rest.getList('portal/hires', params),
    getOne: (params: GetOneParams) => rest.getOne('portal/hires', params),
    getMany: (params: GetManyParams) => rest.getMany('portal/hires', params),
    create: async (params: { data: Partial<HireBody> }) => ({
      data: await client.request<Hire>(endpoints.portal.hires.root, {
        method: 'POST',
        body: params.data,
      }),
    }),
    update: async (params: UpdateParams) => ({
      data: await client.request<Hire>(item(String(params.id)), {
        method: 'PATCH',
        body: patchOf(params as UpdateParams<Hire>),
      }),
    }),
    delete: async (params: { id: string | number; previousData?: unknown }) => {
      await client.request(item(String(params.id)), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as Hire };
    },
  };
}

export function hireCalls(client: ApiClient) {
  const { hires } = endpoints.portal;
  return {
    getHireCustomers: () => client.request<HireCustomersReply>(hires.customers),
    getHireUsage: (id: string) => client.request<HireUsage>(pathTo(hires.usage, { id })),
    getHireFlags: () => client.request<HireFlagCounts>(hires.flags),
    getRentalSettings: () => client.request<RentalSettings>(endpoints.organisation.settingsRental),
    saveRentalSettings: (settings: RentalSettings) =>
      client.request<RentalSettings>(endpoints.organisation.settingsRental, {
        method: 'PUT',
        body: settings,
      }),
    offHire: (id: string, body: OffHireBody) =>
      client.request<Hire>(pathTo(hires.offHire, { id }), { method: 'POST', body }),
    extendHire: (id: string, body: ExtendBody) =>
      client.request<Hire>(pathTo(hires.extend, { id }), { method: 'POST', body }),
    swapHire: (id: string, body: SwapBody) =>
      client.request<SwapReply>(pathTo(hires.swap, { id }), { method: 'POST', body }),
    /** A dry run unless `apply`: the reply lists what would change, or what did. */
    importHires: (file: File, apply: boolean) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request<HireImportReply>(hires.import, {
        method: 'POST',
        body: form,
        query: { apply: apply ? 'true' : undefined },
      });
    },
  };
}
