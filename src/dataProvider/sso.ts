// Single sign-on calls, and the custom-token sign-in of integrating applications, made before
// signing in.
import type { ApiClient } from '../api/apiClient.ts';
import type { TokenReply } from '../domain/api/auth.ts';
import type { SsoCallbackBody, SsoStartReply } from '../domain/api/sso.ts';
import { endpoints } from '../domain/api/endpoints.ts';

export const ssoKeys = {
  start: (email: string) => ['sso-start', email],
  callback: (state: string) => ['sso-callback', state],
};

export function ssoCalls(client: ApiClient) {
  return {
    startSso: (email: string) =>
      client.request<SsoStartReply>(endpoints.auth.ssoStart, {
        authenticated: false,
        query: { email },
      }),
    finishSso: (body: SsoCallbackBody) =>
      client.request<TokenReply>(endpoints.auth.ssoCallback, {
        authenticated: false,
        method: 'POST',
        body,
      }),
    customTokenSignIn: (token: string) =>
      client.request<TokenReply>(endpoints.auth.customToken, {
        authenticated: false,
        method: 'POST',
        body: { token },
      }),
  };
}
