// The reports' calls: the report types the user may use, a report file asked for and followed
// while the server makes it, and its download; the report files and documents are
// ra-data-simple-rest resources ('reports/files', 'files').
import simpleRestProvider from 'ra-data-simple-rest';
import type { DeleteParams, GetListParams } from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type { DocumentRecord, DocumentUploadQuery } from '../domain/api/documents.ts';
import type {
  ReportFile,
  ReportRequest,
  ReportRun,
  ReportSchedule,
  ReportScheduleBody,
  ReportCategory,
  ReportType,
  ReportView,
  UserReportsReply,
} from '../domain/api/reports.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';
import { API_ROOT, endpoints, pathTo } from '../domain/api/endpoints.ts';

export const reportKeys = {
  userReports: ['user-reports'],
  file: (id: string) => ['report-file', id],
  schedules: ['report-schedules'],
  runs: (scheduleId: string) => ['report-runs', scheduleId],
};

const schedulePath = (id: string) => pathTo(endpoints.portal.reports.schedulesItem, { id });

const filePath = (id: string | number) => pathTo(endpoints.portal.reports.filesItem, { id });
const documentPath = (id: string | number) => pathTo(endpoints.portal.files.item, { id });

/** A list resource over the API's simple-rest list; deleting one row by its id. */
function listResource(client: ApiClient, apiPath: string, onePath: (id: string) => string) {
  const rest = simpleRestProvider(API_ROOT, simpleRestHttpClient(client));
  return {
    getList: (params: GetListParams) => rest.getList(apiPath, params),
    getOne: () => Promise.reject(new Error(`${apiPath} rows are not opened one by one`)),
    getMany: () => Promise.reject(new Error(`${apiPath} rows are not read by ids`)),
    create: () => Promise.reject(new Error(`${apiPath} rows are not created here`)),
    update: () => Promise.reject(new Error(`${apiPath} rows are not edited`)),
    delete: async (params: DeleteParams) => {
      await client.request(onePath(String(params.id)), { method: 'DELETE' });
      return { data: params.previousData ?? { id: params.id } };
    },
  };
}

export const reportFileResource = (client: ApiClient) =>
  listResource(client, 'portal/reports/files', filePath);
export const documentResource = (client: ApiClient) =>
  listResource(client, 'portal/files', documentPath);

export function reportCalls(client: ApiClient) {
  return {
    getUserReports: (signal?: AbortSignal) =>
      client.request<UserReportsReply>(endpoints.user.reports, { signal }),
    createReportFile: (body: ReportRequest) =>
      client.request<ReportFile>(endpoints.portal.reports.files, { method: 'POST', body }),
    getReportFile: (id: string, signal?: AbortSignal) =>
      client.request<ReportFile>(filePath(id), { signal }),
    downloadReportFile: (id: string) =>
      client.request<Blob>(`${filePath(id)}/download`, { responseType: 'blob' }),
    uploadDocument: (file: File, query: DocumentUploadQuery) => {
      const form = new FormData();
      form.append('file', file);
      return client.request<DocumentRecord>(endpoints.portal.files.root, {
        method: 'POST',
        query: { ...query },
        body: form,
      });
    },
    listReportSchedules: (signal?: AbortSignal) =>
      client.request<ReportSchedule[]>(endpoints.portal.reports.schedules, { signal }),
    saveReportSchedule: (body: ReportScheduleBody, id?: string) =>
      client.request<ReportSchedule>(id ? schedulePath(id) : endpoints.portal.reports.schedules, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    deleteReportSchedule: (id: string) =>
      client.request<unknown>(schedulePath(id), { method: 'DELETE' }),
    runReportScheduleNow: (id: string) =>
      client.request<ReportRun>(`${schedulePath(id)}/run`, { method: 'POST' }),
    listReportRuns: (id: string, signal?: AbortSignal) =>
      client.request<ReportRun[]>(`${schedulePath(id)}/runs`, { signal }),
    getReportToken: (type: ReportType, signal?: AbortSignal) =>
      client.request<{ token: string; expiresAt: string }>(
        pathTo(endpoints.user.reportsToken, { id: type }),
        { signal },
      ),
    getReportView: (
      query: { token: string; start: string; end: string; site?: string },
      signal?: AbortSignal,
    ) => client.request<ReportView>(endpoints.reports.view, { query, signal }),
    getReportCategories: (signal?: AbortSignal) =>
      client.request<{ id: ReportCategory; reportTypes: ReportType[] }[]>(
        endpoints.admin.reports.categories,
        { signal },
      ),
    getUserReportCategories: (userId: string, signal?: AbortSignal) =>
      client.request<{ categoryIds: ReportCategory[] }>(
        pathTo(endpoints.admin.user.reportsCategories, { userId }),
        { signal },
      ),
    setUserReportCategories: (userId: string, categoryIds: ReportCategory[]) =>
      client.request<{ categoryIds: ReportCategory[] }>(
        pathTo(endpoints.admin.user.reportsCategories, { userId }),
        { method: 'PUT', body: { categoryIds } },
      ),
    downloadDocument: (id: string) =>
      client.request<Blob>(`${documentPath(id)}/download`, { responseType: 'blob' }),
  };
}
