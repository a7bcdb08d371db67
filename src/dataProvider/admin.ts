// The staff admin area's calls (/v1/admin/…): the staff home, device debugging per protocol, data
// completeness, coverage, a machine's inner workings and its recomputes, commands, the outbox,
// OEM feeds and source keys; and the audit trail as two read-only simple-rest resources.
import type { GetListParams, GetManyParams, GetOneParams } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  MailCapCounts,
  AdminOverviewReply,
  CompletenessReply,
  CoverageReply,
  DeviceCommandReply,
  DeviceCommandsReply,
  IngestRequestsReply,
  LoraUplinksReply,
  MachineCompletenessReply,
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeRun,
  TeltonikaRecordsReply,
} from '../domain/api/admin.ts';
import type { SourceKeyReply } from '../domain/api/ingest.ts';
import type {
  OemFeed,
  OemFeedBody,
  OemFeedEquipmentReply,
  OemFeedPollReply,
} from '../domain/api/oemFeeds.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

export interface DeviceDebugParams {
  deviceIds: string;
  from: string;
  to: string;
  offset?: number;
  limit?: number;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  attachmentName: string | null;
}

const readOnly = () => Promise.reject(new Error('The audit trail is written by the server'));

/** `admin/audit` (staff, every organisation) or `organisation/audit` (an organisation's admins). */
export function auditResource(client: ApiClient, path: 'admin/audit' | 'organisation/audit') {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  return {
    getList: (params: GetListParams) => rest.getList(path, params),
    getOne: (_params: GetOneParams) => readOnly(),
    getMany: (_params: GetManyParams) => readOnly(),
    create: readOnly,
    update: readOnly,
    delete: readOnly,
  };
}

const query = (params: object) => params as Record<string, string | number | undefined>;

/** The staff's calls: the devices' traffic, the data's completeness and workings, the operations. */
export function adminCalls(client: ApiClient) {
  return { ...deviceCalls(client), ...dataCalls(client), ...operationCalls(client) };
}

/** What the trackers, sensors and apps sent, the commands, and the sources' API keys. */
function deviceCalls(client: ApiClient) {
  return {
    getAdminOverview: (signal?: AbortSignal) =>
      client.request<AdminOverviewReply>(endpoints.admin.overview, { signal }),
    getTeltonikaRecords: (params: DeviceDebugParams, signal?: AbortSignal) =>
      client.request<TeltonikaRecordsReply>(endpoints.admin.teltonika.records, {
        query: query(params),
        signal,
      }),
    getTeltonikaConnections: (signal?: AbortSignal) =>
      client.request<{
        connections: {
          deviceId: string;
          remote: string;
          connectedAt: string;
          lastPacketAt: string | null;
        }[];
      }>(endpoints.admin.teltonika.connections, { signal }),
    getCommandResponses: (params: DeviceDebugParams, signal?: AbortSignal) =>
      client.request<DeviceCommandsReply>(endpoints.admin.teltonika.commands, {
        query: query(params),
        signal,
      }),
    sendDeviceCommand: (deviceId: string, command: string) =>
      client.request<DeviceCommandReply>(endpoints.admin.teltonika.commands, {
        method: 'POST',
        body: { deviceId, command },
      }),
    getLoraUplinks: (params: DeviceDebugParams, signal?: AbortSignal) =>
      client.request<LoraUplinksReply>(endpoints.admin.arya.uplinks, {
        query: query(params),
        signal,
      }),
    getIngestRequests: (params: DeviceDebugParams, signal?: AbortSignal) =>
      client.request<IngestRequestsReply>(endpoints.admin.android.requests, {
        query: query(params),
        signal,
      }),
    issueSourceKey: (sourceId: string) =>
      client.request<SourceKeyReply>(pathTo(endpoints.admin.sources.apiKey, { id: sourceId }), {
        method: 'POST',
      }),
    revokeSourceKey: (sourceId: string) =>
      client.request<undefined>(pathTo(endpoints.admin.sources.apiKey, { id: sourceId }), {
        method: 'DELETE',
      }),
  };
}

/** How complete the data is, the radio coverage, and a machine's inner workings and recomputes. */
function dataCalls(client: ApiClient) {
  return {
    getCompleteness: (
      params: {
        from: string;
        to: string;
        sort?: string;
        order?: string;
        offset?: number;
        limit?: number;
        q?: string;
      },
      signal?: AbortSignal,
    ) =>
      client.request<CompletenessReply>(endpoints.admin.datacompleteness.root, {
        query: query(params),
        signal,
      }),
    getMachineCompleteness: (id: string, from: string, to: string, signal?: AbortSignal) =>
      client.request<MachineCompletenessReply>(
        pathTo(endpoints.admin.datacompleteness.item, { id }),
        { query: { from, to }, signal },
      ),
    getCoverage: (
      params: {
        searchType: 'gateway' | 'sensor';
        sensors?: string;
        gateways?: string;
        from: string;
        to: string;
      },
      signal?: AbortSignal,
    ) => client.request<CoverageReply>(endpoints.admin.coverage, { query: query(params), signal }),
    getMachineWorkings: (id: string, signal?: AbortSignal) =>
      client.request<MachineWorkingsReply>(pathTo(endpoints.admin.machines.item, { id }), {
        signal,
      }),
    getMachineDay: (id: string, day: string, signal?: AbortSignal) =>
      client.request<MachineDayReply>(pathTo(endpoints.admin.machines.day, { id }), {
        query: { day },
        signal,
      }),
    startRecompute: (id: string, fromDay: string, toDay: string) =>
      client.request<RecomputeRun>(pathTo(endpoints.admin.machines.recomputes, { id }), {
        method: 'POST',
        body: { fromDay, toDay },
      }),
    getRecompute: (id: string, runId: string, signal?: AbortSignal) =>
      client.request<RecomputeRun>(pathTo(endpoints.admin.machines.recomputesItem, { id, runId }), {
        signal,
      }),
  };
}

/** The mail outbox and the OEM feeds. */
function operationCalls(client: ApiClient) {
  return {
    getOutbox: (failed: boolean, signal?: AbortSignal) =>
      client.request<{ mails: OutboxMail[]; mailCaps: MailCapCounts }>(
        endpoints.admin.outbox.root,
        {
          query: { limit: 200, ...(failed ? { failed: 'true' } : {}) },
          signal,
        },
      ),
    retryMail: (id: string) =>
      client.request<{ id: string }>(pathTo(endpoints.admin.outbox.retry, { id }), {
        method: 'POST',
      }),
    getOemFeeds: (signal?: AbortSignal) =>
      client.request<{ feeds: OemFeed[] }>(endpoints.admin.oemFeeds.root, { signal }),
    createOemFeed: (body: OemFeedBody) =>
      client.request<OemFeed>(endpoints.admin.oemFeeds.root, { method: 'POST', body }),
    updateOemFeed: (id: string, body: OemFeedBody) =>
      client.request<OemFeed>(pathTo(endpoints.admin.oemFeeds.item, { id }), {
        method: 'PUT',
        body,
      }),
    deleteOemFeed: (id: string) =>
      client.request<undefined>(pathTo(endpoints.admin.oemFeeds.item, { id }), {
        method: 'DELETE',
      }),
    pollOemFeed: (id: string) =>
      client.request<OemFeedPollReply>(pathTo(endpoints.admin.oemFeeds.poll, { id }), {
        method: 'POST',
      }),
    getOemFeedEquipment: (id: string, signal?: AbortSignal) =>
      client.request<OemFeedEquipmentReply>(pathTo(endpoints.admin.oemFeeds.equipment, { id }), {
        signal,
      }),
  };
}
