// Retention, exports and erasures (issue 45, docs/privacy.md), for /organisation/privacy.
import type { ApiClient } from '../api/apiClient.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';
import type {
  ErasureBody,
  ExportBody,
  PrivacyJob,
  PrivacyJobList,
  RetentionPeriods,
  RetentionSettings,
} from '../domain/api/privacy.ts';

export const privacyKeys = {
  retention: ['privacy', 'retention'],
  exports: ['privacy', 'exports'],
  erasures: ['privacy', 'erasures'],
};

export function privacyCalls(client: ApiClient) {
  const { settingsRetention, exports, erasures } = endpoints.organisation;
  return {
    getRetention: (signal?: AbortSignal) =>
      client.request<RetentionSettings>(settingsRetention, { signal }),
    setRetention: (body: RetentionPeriods) =>
      client.request<RetentionSettings>(settingsRetention, { method: 'PUT', body }),
    listExports: (signal?: AbortSignal) => client.request<PrivacyJobList>(exports, { signal }),
    askExport: (body: ExportBody) => client.request<PrivacyJob>(exports, { method: 'POST', body }),
    listErasures: (signal?: AbortSignal) => client.request<PrivacyJobList>(erasures, { signal }),
    askErasure: (body: ErasureBody) =>
      client.request<PrivacyJob>(erasures, { method: 'POST', body }),
    /** Staff: a whole organisation, on leaving. */
    eraseOrganisation: (id: string) =>
      client.request<PrivacyJob>(pathTo(endpoints.admin.organisations.erasure, { id }), {
        method: 'POST',
      }),
  };
}
