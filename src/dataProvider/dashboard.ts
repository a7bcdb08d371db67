// The dashboard area: GET /v1/portal/dashboard for the URL's range and filter.
import type { ApiClient } from '../api/apiClient.ts';
import type { DashboardReply, HistoryType } from '../domain/api/dashboard.ts';
import { endpoints } from '../domain/api/endpoints.ts';

/** What the dashboard asks for: its URL's range and filter, and the histories its modules show. */
export interface DashboardRequest {
  startDate?: string;
  endDate?: string;
  filter?: string;
  historyTypes: readonly HistoryType[];
  utilisationLimit: number;
}

export function dashboardCalls(client: ApiClient) {
  return {
    getDashboard: (query: DashboardRequest, signal?: AbortSignal) =>
      client.request<DashboardReply>(endpoints.portal.dashboard, {
        query: {
          start: query.startDate,
          end: query.endDate,
          filter: query.filter,
          historyType: query.historyTypes,
          utilisationLimit: query.utilisationLimit,
        },
        signal,
      }),
  };
}
