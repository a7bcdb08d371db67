// The equipment assets resource ('equipment/assets'): its list is ra-data-simple-rest over
// /v1/portal/assets with the range's startDate and endDate beside the filter; and the named calls
// of the equipment screens (the overview, an asset's details over a range, fitting a tracker).
import type {
  CreateParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  AssetBody,
  AssetDetailsReply,
  AssetOnboardBody,
  AssetOnboardReply,
  EquipmentAsset,
  EquipmentOverviewReply,
} from '../domain/api/assets.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

export const assetKeys = {
  overview: ['equipment-overview'],
  details: (id: string, startDate: string, endDate: string) => [
    'asset-details',
    id,
    startDate,
    endDate,
  ],
};

const assetPath = (id: string | number) => pathTo(endpoints.portal.assets.item, { id });

/** Only the fields the body takes: the record carries many the API will not have back. */
const bodyOf = (data: Partial<EquipmentAsset>): AssetBody => ({
  name: data.name ?? '',
  kind: data.kind ?? 'other',
  assetNumber: data.assetNumber || null,
  homeSiteId: data.homeSiteId || null,
  note: data.note || null,
});

export function assetResource(client: ApiClient) {
  const http = simpleRestHttpClient(client);
  const getOne = async (params: GetOneParams) => ({
    data: (await client.request<AssetDetailsReply>(assetPath(params.id))).asset,
  });
  return {
    getList: (params: GetListParams) => {
      const { startDate, endDate, ...filter } = params.filter as Record<string, unknown>;
      // The range travels beside ra-data-simple-rest's filter, as the list's URL has it.
      const withRange: typeof http = (url, options) => {
        const target = new URL(url, window.location.origin);
        if (typeof startDate === 'string') target.searchParams.set('startDate', startDate);
        if (typeof endDate === 'string') target.searchParams.set('endDate', endDate);
        return http(target.pathname + target.search, options);
      };
      return simpleRestProvider(API_ROOT, withRange).getList('portal/assets', {
        ...params,
        filter,
      });
    },
    getOne,
    getMany: async (params: GetManyParams) => ({
      data: await Promise.all(params.ids.map(async (id) => (await getOne({ id })).data)),
    }),
    create: async (params: CreateParams) => ({
      data: await client.request<EquipmentAsset>(endpoints.portal.assets.root, {
        method: 'POST',
        body: bodyOf(params.data as Partial<EquipmentAsset>),
      }),
    }),
    update: async (params: UpdateParams) => ({
      data: await client.request<EquipmentAsset>(assetPath(params.id), {
        method: 'PUT',
        body: bodyOf(params.data as Partial<EquipmentAsset>),
      }),
    }),
    delete: () => Promise.reject(new Error('Assets are not deleted from the portal')),
  };
}

export function assetCalls(client: ApiClient) {
  return {
    getEquipmentOverview: (signal?: AbortSignal) =>
      client.request<EquipmentOverviewReply>(endpoints.portal.equipment, { signal }),
    getAssetDetails: (
      id: string,
      range: { startDate: string; endDate: string },
      signal?: AbortSignal,
    ) => client.request<AssetDetailsReply>(assetPath(id), { query: range, signal }),
    /** A PDF sheet of labels for these assets, each a QR code of its short link. */
    printAssetLabels: (ids: string[]) =>
      client.request<Blob>(endpoints.portal.assets.labels, {
        method: 'POST',
        body: { ids },
        responseType: 'blob',
      }),
    onboardAsset: (body: AssetOnboardBody) =>
      client.request<AssetOnboardReply>(endpoints.portal.assets.onboard, { method: 'POST', body }),
  };
}
