// The reports' calls: the report types the user may use, a report file asked for and followed
// while the server makes it, and its download; the report files and documents are
// ra-data-simple-rest resources ('reports/files', 'files').
import simpleRestProvider from 'ra-data-simple-rest';
import type { DeleteParams, GetListParams } from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type { DocumentRecord, DocumentUploadQuery } from '../domain/api/documents.ts';
import type { ReportFile, ReportRequest, UserReportsReply } from '../domain/api/reports.ts';
import { simpleRestHttpClient } from './simpleRestHttp.ts';

export const reportKeys = {
  userReports: ['user-reports'],
  file: (id: string) => ['report-file', id],
};

const filePath = (id: string | number) =>
  `/v1/portal/reports/files/${encodeURIComponent(String(id))}`;
const documentPath = (id: string | number) => `/v1/portal/files/${encodeURIComponent(String(id))}`;

/** A list resource over the API's simple-rest list; deleting one row by its id. */
function listResource(client: ApiClient, apiPath: string, onePath: (id: string) => string) {
  const rest = simpleRestProvider('/v1', simpleRestHttpClient(client));
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
      client.request<UserReportsReply>('/v1/user/reports', { signal }),
    createReportFile: (body: ReportRequest) =>
      client.request<ReportFile>('/v1/portal/reports/files', { method: 'POST', body }),
    getReportFile: (id: string, signal?: AbortSignal) =>
      client.request<ReportFile>(filePath(id), { signal }),
    downloadReportFile: (id: string) =>
      client.request<Blob>(`${filePath(id)}/download`, { responseType: 'blob' }),
    uploadDocument: (file: File, query: DocumentUploadQuery) => {
      const form = new FormData();
      form.append('file', file);
      return client.request<DocumentRecord>('/v1/portal/files', {
        method: 'POST',
        query: { ...query },
        body: form,
      });
    },
    downloadDocument: (id: string) =>
      client.request<Blob>(`${documentPath(id)}/download`, { responseType: 'blob' }),
  };
}
