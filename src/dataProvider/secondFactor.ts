// The signed-in user's own second factor, and staff requiring it of an organisation.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  RecoveryCodes,
  SecondFactorSetup,
  SecondFactorStatus,
} from '../domain/api/secondFactor.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export const secondFactorKeys = { status: ['second-factor'] as const };

export function secondFactorCalls(client: ApiClient) {
  const post = <T>(path: string, body?: unknown) =>
    client.request<T>(path, { method: 'POST', body });
  return {
    getSecondFactor: () => client.request<SecondFactorStatus>(endpoints.me.secondFactor),
    startSecondFactorSetup: () => post<SecondFactorSetup>(endpoints.me.secondFactorSetup),
    enableSecondFactor: (code: string) =>
      post<RecoveryCodes>(endpoints.me.secondFactorEnable, { code }),
    newRecoveryCodes: (code: string) =>
      post<RecoveryCodes>(endpoints.me.secondFactorRecoveryCodes, { code }),
    disableSecondFactor: (code: string) =>
      post<unknown>(endpoints.me.secondFactorDisable, { code }),
    requireSecondFactor: (organisationId: string, required: boolean) =>
      client.request<{ required: boolean }>(
        pathTo(endpoints.admin.organisations.secondFactor, { id: organisationId }),
        { method: 'PUT', body: { required } },
      ),
  };
}
