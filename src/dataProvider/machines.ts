// The machines area: the list as react-admin's getList (the machine list's state mapped onto the
// /v1 query once, here), one machine, its activity, its changes and its report.
import type { GetListParams, GetListResult } from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type { MachineActivityReply } from '../domain/api/machineActivity.ts';
import type { MachineDetailsReply, MachineHealthReply } from '../domain/api/machineInfo.ts';
import type { MachineReportQuery } from '../domain/api/machineReport.ts';
import {
  MACHINE_SORT_KEYS,
  type MachineListReply,
  type MachineListSummary,
  type MachineOperatorBody,
  type MachineRow,
  type MachineUpdateBody,
} from '../domain/api/machines.ts';
import type { MachineListFilter } from '../domain/machineListUrl.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

/** A machine as the portal reads it: the wire's assetID is assetId here (spec point 3). */
export type Machine = Omit<MachineRow, 'assetID'> & { assetId: string | null };

export function toMachine({ assetID, ...row }: MachineRow): Machine {
  return { ...row, assetId: assetID };
}

type Range = { startDate: string; endDate: string };

/** The queries' keys: screens and invalidations use these, never strings of their own. */
export const machineKeys = {
  one: (id: string, startDate?: string, endDate?: string) =>
    ['machine', id, startDate, endDate].filter((part) => part !== undefined),
  activity: (id: string, range: Range) => ['machine-activity', id, range.startDate, range.endDate],
  rows: (query: object) => ['machine-rows', query],
};

const isSortKey = (field: string): field is (typeof MACHINE_SORT_KEYS)[number] =>
  (MACHINE_SORT_KEYS as readonly string[]).includes(field);

/** react-admin's getList for 'machines': the list's state as GET /v1/portal/machines/list asks it. */
export async function listMachines(
  client: ApiClient,
  params: GetListParams,
): Promise<GetListResult<Machine> & { meta: { summary: MachineListSummary } }> {
  const filter = (params.filter ?? {}) as Partial<MachineListFilter>;
  const sortField = params.sort?.field;
  const reply = await client.request<MachineListReply>(endpoints.portal.machines.list, {
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

export function machineCalls(client: ApiClient) {
  const row = async (path: string, method: 'PUT' | 'POST', body?: unknown) =>
    toMachine(await client.request<MachineRow>(path, { method, body }));
  return {
    /** One machine as its list row over a range (all recorded time by default), with its settings. */
    getMachine: async (
      id: string,
      range: { start?: string; end?: string } = {},
    ): Promise<Machine & Pick<MachineDetailsReply, 'settings' | 'canEdit'>> => {
      const { settings, canEdit, ...rest } = await client.request<MachineDetailsReply>(
        pathTo(endpoints.portal.machines.item, { id }),
        { query: range },
      );
      return { ...toMachine(rest), settings, canEdit };
    },
    getMachineHealth: (id: string) =>
      client.request<MachineHealthReply>(pathTo(endpoints.portal.machines.health, { id })),
    getMachineActivity: (id: string, range: Range) =>
      client.request<MachineActivityReply>(pathTo(endpoints.machines.activity, { id }), {
        query: range,
      }),
    /** The machine list's rows and summary for a range and an encoded filter (all pages). */
    getMachineRows: (
      { startDate, endDate, filter }: Range & { filter: string },
      signal?: AbortSignal,
    ) =>
      client.request<MachineListReply>(endpoints.portal.machines.list, {
        query: { start: startDate, end: endDate, filter, perPage: 1000 },
        signal,
      }),
    /** The machine report (CSV or PDF) as a file. */
    downloadMachineReport: (query: MachineReportQuery) =>
      client.request<Blob>(endpoints.portal.machines.report, {
        query: { ...query },
        responseType: 'blob',
      }),
    updateMachine: (id: string, changes: MachineUpdateBody) =>
      row(pathTo(endpoints.machines.item, { id }), 'PUT', changes),
    setMachineOperator: (id: string, body: MachineOperatorBody) =>
      row(pathTo(endpoints.machines.operator, { id }), 'PUT', body),
    archiveMachine: (id: string) => row(pathTo(endpoints.machines.archive, { id }), 'POST', {}),
    unarchiveMachine: (id: string) => row(pathTo(endpoints.machines.unarchive, { id }), 'POST'),
  };
}
