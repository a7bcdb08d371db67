// The signed-in user's own second factor, and staff requiring it of an organisation.
import type { ApiClient } from '../api/apiClient.ts';
import type {
  RecoveryCodes,
  SecondFactorSetup,
  SecondFactorStatus,
} from '../domain/api/secondFactor.ts';

export const secondFactorKeys = { status: ['second-factor'] as const };

export function secondFactorCalls(client: ApiClient) {
  const post = <T>(path: string, body?: unknown) =>
    client.request<T>(`/v1/me/second-factor${path}`, { method: 'POST', body });
  return {
    getSecondFactor: () => client.request<SecondFactorStatus>('/v1/me/second-factor'),
    startSecondFactorSetup: () => post<SecondFactorSetup>('/setup'),
    enableSecondFactor: (code: string) => post<RecoveryCodes>('/enable', { code }),
    newRecoveryCodes: (code: string) => post<RecoveryCodes>('/recovery-codes', { code }),
    disableSecondFactor: (code: string) => post<unknown>('/disable', { code }),
    requireSecondFactor: (organisationId: string, required: boolean) =>
      client.request<{ required: boolean }>(
        `/v1/admin/organisations/${encodeURIComponent(organisationId)}/second-factor`,
        { method: 'PUT', body: { required } },
      ),
  };
}
