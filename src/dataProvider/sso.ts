// Single sign-on calls, and the custom-token sign-in of integrating applications, made before
// signing in.
import type { ApiClient } from '../api/apiClient.ts';
import type { TokenReply } from '../domain/api/auth.ts';
import type { SsoCallbackBody, SsoStartReply } from '../domain/api/sso.ts';

export const ssoKeys = {
  start: (email: string) => ['sso-start', email],
  callback: (state: string) => ['sso-callback', state],
};

export function ssoCalls(client: ApiClient) {
  return {
    startSso: (email: string) =>
      client.request<SsoStartReply>('/v1/auth/sso/start', {
        authenticated: false,
        query: { email },
      }),
    finishSso: (body: SsoCallbackBody) =>
      client.request<TokenReply>('/v1/auth/sso/callback', {
        authenticated: false,
        method: 'POST',
        body,
      }),
    customTokenSignIn: (token: string) =>
      client.request<TokenReply>('/v1/auth/custom-token', {
        authenticated: false,
        method: 'POST',
        body: { token },
      }),
  };
}
