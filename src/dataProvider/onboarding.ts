// Onboarding: finding a device that reported before it was assigned, and attaching it.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  OnboardBody,
  OnboardReply,
  UnassignedSource,
  UnassignedSourcesReply,
} from '../domain/api/onboarding.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export const onboardingKeys = {
  source: (code: string, claimCode: string) => ['unassigned-source', code, claimCode],
  sources: ['unassigned-sources'],
  machines: (search: string) => ['onboard-machines', search],
};

export function onboardingCalls(client: ApiClient) {
  return {
    /** An unassigned device by its code or short code, and the claim code on its label. */
    getUnassignedSource: (code: string, claimCode?: string) =>
      client.request<UnassignedSource>(pathTo(endpoints.portal.sources.unassignedItem, { code }), {
        query: { claimCode },
      }),
    /** Every unassigned device (staff only). */
    getUnassignedSources: () =>
      client.request<UnassignedSourcesReply>(endpoints.portal.sources.unassigned),
    onboard: (body: OnboardBody) =>
      client.request<OnboardReply>(endpoints.portal.machines.onboard, { method: 'POST', body }),
  };
}
