// The alerts resource ('alerts', ra-data-simple-rest over /v1/portal/alerts: read only), and the
// app bar's count of unread alerts with the call that marks them seen.
import type { GetListParams, GetManyParams, GetOneParams } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import type { AlertSettingsBody, UnreadAlertsReply } from '../domain/api/alerts.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints } from '../domain/api/endpoints.ts';

export const alertKeys = { unread: ['alerts-unread'] };

const readOnly = () => Promise.reject(new Error('Alerts are raised by the server, not edited'));

export function alertResource(client: ApiClient) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  return {
    getList: (params: GetListParams) => rest.getList('portal/alerts', params),
    getOne: (_params: GetOneParams) => readOnly(),
    getMany: (_params: GetManyParams) => readOnly(),
    create: readOnly,
    update: readOnly,
    delete: readOnly,
  };
}

export function alertCalls(client: ApiClient) {
  return {
    getUnreadAlerts: (signal?: AbortSignal) =>
      client.request<UnreadAlertsReply>(endpoints.portal.alerts.unread, { signal }),
    markAlertsSeen: () =>
      client.request<UnreadAlertsReply>(endpoints.portal.alerts.seen, { method: 'POST' }),
    setAlertSettings: (body: AlertSettingsBody) =>
      client.request<AlertSettingsBody>(endpoints.organisation.settingsAlerts, {
        method: 'PUT',
        body,
      }),
  };
}
