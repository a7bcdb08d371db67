// API clients in the tests (issue 43): a token by OAuth 2.0 client credentials, as a client's own
// system asks for it (the form, or HTTP Basic), and a new client's token in one step.
import type { ApiClientCreated, TokenReply } from '../../src/domain/api/apiClients.ts';
import { call, type TestServer } from './testServer.ts';

/** POST /v1/iso/token with the form given, the client named by HTTP Basic when `basic` is. */
export async function requestToken(
  server: Pick<TestServer, 'url'>,
  form: Record<string, string>,
  basic?: [string, string],
): Promise<{ status: number; body: TokenReply & { error?: string; field?: string } }> {
  const response = await fetch(`${server.url}/v1/iso/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(basic
        ? { authorization: `Basic ${Buffer.from(basic.join(':')).toString('base64')}` }
        : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as TokenReply & { error?: string; field?: string },
  };
}

/** The access token of a client's credentials. */
export async function clientToken(
  server: Pick<TestServer, 'url'>,
  client: Pick<ApiClientCreated, 'clientId' | 'clientSecret'>,
): Promise<string> {
  const reply = await requestToken(server, {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return reply.body.access_token;
}

/** A new API client of the admin's organisation, and its token. */
export async function newClientToken(
  server: TestServer,
  adminToken: string,
  body: { name: string; scopes: string[] },
): Promise<string> {
  const made = await call<ApiClientCreated>(server, 'POST', '/v1/organisation/api-clients', {
    token: adminToken,
    body,
  });
  return clientToken(server, made.body);
}
