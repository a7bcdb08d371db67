// The signed-in user's area: their settings (spec point 3), the organisation's route-point rule,
// and error reports.
import type { ApiClient } from '../api/apiClient.ts';
import type { ClientErrorReport } from '../domain/api/clientErrors.ts';
import type {
  BrandConfigurationReply,
  RoutePointSettingsBody,
  UserSettingsPatch,
  UserSettingsReply,
} from '../domain/api/session.ts';
import type { BrandColourField } from '../domain/brand.ts';
import type { PublicBrandQuery, PublicBrandReply } from '../domain/api/organisations.ts';
import { endpoints } from '../domain/api/endpoints.ts';

export const accountKeys = {
  settings: ['userSettings'],
};

export function accountCalls(client: ApiClient) {
  return {
    getSettings: () => client.request<UserSettingsReply>(endpoints.users.settings),
    updateSettings: (body: UserSettingsPatch) =>
      client.request<UserSettingsReply>(endpoints.users.settings, { method: 'PATCH', body }),
    setRoutePointSettings: (body: RoutePointSettingsBody) =>
      client.request<RoutePointSettingsBody>(endpoints.organisation.settingsRoutePoints, {
        method: 'PUT',
        body,
      }),
    /** Spec point 4: only the colours that changed, and the logo when one was chosen. */
    saveBrandConfiguration: (change: {
      colours: Partial<Record<BrandColourField, string>>;
      logo?: File;
    }) => {
      const form = new FormData();
      for (const [field, value] of Object.entries(change.colours)) form.append(field, value);
      if (change.logo) form.append('logoFile', change.logo, change.logo.name);
      return client.request<BrandConfigurationReply>(endpoints.portal.brandconfig, {
        method: 'POST',
        body: form,
      });
    },
    /** The brand of a sign-in page, before anyone signs in (null: the portal's own look). */
    getPublicBrand: (query: PublicBrandQuery) =>
      client.request<PublicBrandReply>(endpoints.brand, { query, authenticated: false }),
    resetBrandConfiguration: () =>
      client.request<BrandConfigurationReply>(endpoints.portal.brandconfig, { method: 'DELETE' }),
    reportClientError: async (report: ClientErrorReport) => {
      await client.request(endpoints.clientErrors, { method: 'POST', body: report });
    },
  };
}
