// The signed-in user's area: their settings (spec point 3), the organisation's route-point rule,
// and error reports.
import type { ApiClient } from '../api/apiClient.ts';
import type { ClientErrorReport } from '../domain/api/clientErrors.ts';
import type { RoutePointSettingsBody, UserSettingsReply } from '../domain/api/session.ts';

export const accountKeys = {
  settings: ['userSettings'],
};

export function accountCalls(client: ApiClient) {
  return {
    getSettings: () => client.request<UserSettingsReply>('/v1/users/settings'),
    setRoutePointSettings: (body: RoutePointSettingsBody) =>
      client.request<RoutePointSettingsBody>('/v1/organisation/settings/route-points', {
        method: 'PUT',
        body,
      }),
    reportClientError: async (report: ClientErrorReport) => {
      await client.request('/v1/client-errors', { method: 'POST', body: report });
    },
  };
}
