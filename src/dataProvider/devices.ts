// The device resources: the organisation's gateways ('gateways'), every gateway for staff
// ('admin/gateways') and the organisation's sensors ('sensors'), ra-data-simple-rest over /v1; and
// the named calls their screens make (a gateway's traffic, its configuration, device health).
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
  GatewayAdminEditBody,
  GatewayConfigurationBody,
  GatewayEditBody,
  GatewayRecord,
  GatewayRegisterBody,
  GatewayTrafficReply,
} from '../domain/api/gateways.ts';
import type {
  QrTargetReply,
  SensorAttachmentBody,
  SensorAttachmentReply,
  SensorDashboardReply,
  SensorRecord,
  SensorServiceBody,
} from '../domain/api/sensors.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

/** Which API path serves a resource. */
const PATHS = {
  gateways: 'portal/gateways',
  'admin/gateways': 'admin/gateways',
  sensors: 'portal/sensors',
} as const;
export type DeviceResourceName = keyof typeof PATHS;

/** The path of one record of each. */
const ITEMS = {
  gateways: endpoints.portal.gateways.item,
  'admin/gateways': endpoints.admin.gateways.item,
  sensors: endpoints.portal.sensors.item,
} as const;

export const deviceKeys = {
  traffic: (scope: 'portal' | 'admin', id: string, start?: string, end?: string) => [
    'gateway-traffic',
    scope,
    id,
    start ?? null,
    end ?? null,
  ],
  sensorDashboard: ['sensor-dashboard'],
  attachment: (sourceId: string) => ['sensor-attachment', sourceId],
};

/** Only the fields a body takes: the record carries many the API will not have back. */
function pick<T extends object>(
  data: Partial<GatewayRecord>,
  keys: (keyof T & keyof GatewayRecord)[],
) {
  return Object.fromEntries(
    keys.filter((key) => data[key] !== undefined).map((key) => [key, data[key]]),
  ) as T;
}

export function deviceResource(client: ApiClient, name: DeviceResourceName) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  const path = PATHS[name];
  const getOne = (params: GetOneParams) => rest.getOne(path, params);
  return {
    getList: (params: GetListParams) => rest.getList(path, params),
    getOne,
    // One at a time: the lists filter by what people look for, not by ids.
    getMany: async (params: GetManyParams) => ({
      data: await Promise.all(params.ids.map(async (id) => (await getOne({ id })).data)),
    }),
    create: async (params: CreateParams) => {
      if (name !== 'admin/gateways') throw new Error(`${name} are not created here`);
      const data = await client.request<GatewayRecord>(endpoints.admin.gateways.root, {
        method: 'POST',
        body: params.data as GatewayRegisterBody,
      });
      return { data };
    },
    update: async (params: UpdateParams) => {
      if (name === 'sensors') throw new Error('Sensors are changed by their own calls');
      const data = params.data as Partial<GatewayRecord>;
      const body =
        name === 'gateways'
          ? pick<GatewayEditBody>(data, ['name', 'siteId', 'latitude', 'longitude'])
          : pick<GatewayAdminEditBody>(data, ['kind', 'model', 'name', 'organisationId', 'siteId']);
      return {
        data: await client.request<GatewayRecord>(pathTo(ITEMS[name], { id: params.id }), {
          method: 'PUT',
          body,
        }),
      };
    },
    delete: () => Promise.reject(new Error(`${name} are not deleted from the portal`)),
  };
}

export function deviceCalls(client: ApiClient) {
  return {
    getGatewayTraffic: (
      scope: 'portal' | 'admin',
      id: string,
      range: { start?: string; end?: string } = {},
      signal?: AbortSignal,
    ) =>
      client.request<GatewayTrafficReply>(pathTo(endpoints[scope].gateways.traffic, { id }), {
        query: range,
        signal,
      }),
    configureGateway: (id: string, body: GatewayConfigurationBody) =>
      client.request<GatewayRecord>(pathTo(endpoints.admin.gateways.configuration, { id }), {
        method: 'PUT',
        body,
      }),
    getSensorDashboard: (signal?: AbortSignal) =>
      client.request<SensorDashboardReply>(endpoints.portal.sensors.dashboard, { signal }),
    /** Out of service from `at` (now when absent), or back in service. */
    setSensorService: (id: string, inService: boolean, body: SensorServiceBody) =>
      client.request<SensorRecord>(
        pathTo(endpoints.portal.sensors[inService ? 'inService' : 'outOfService'], { id }),
        { method: 'POST', body },
      ),
    resolveQr: (code: string, claim: string) =>
      client.request<QrTargetReply>(pathTo(endpoints.portal.qr.item, { code }), {
        query: { claim: claim || undefined },
      }),
    /** A PDF sheet of QR labels for these device codes (staff). */
    printLabels: (codes: string[]) =>
      client.request<Blob>(endpoints.admin.sensors.labels, {
        method: 'POST',
        body: { codes },
        responseType: 'blob',
      }),
    getSensorAttachment: (sourceId: string, signal?: AbortSignal) =>
      client.request<SensorAttachmentReply>(
        pathTo(endpoints.portal.sensors.itemAttachment, { id: sourceId }),
        { signal },
      ),
    setSensorAttachment: (body: SensorAttachmentBody) =>
      client.request<SensorAttachmentReply>(endpoints.portal.sensors.attachment, {
        method: 'POST',
        body,
      }),
  };
}
