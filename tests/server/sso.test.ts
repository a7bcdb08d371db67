// Single sign-on over OpenID Connect on both databases, against a real OpenID provider started here
// (oidc-provider): the whole code + PKCE flow signs a new person of the domain in as a viewer of the
// provider's organisation, links them for next time, and refuses a replayed or forged state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDemoIdentityProvider,
  type DemoIdentityProvider,
} from '../../server/modules/sso/demoIdentityProvider.ts';
import { upsertProvider } from '../../server/modules/sso/providers.ts';
import { testDatabases } from '../support/databases.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const DOMAIN = 'sso.test.example';

/** A browser's part at the provider: its cookies, its sign-in form and consent, by HTTP. */
async function signInAtProvider(start: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(start);
  let form: Record<string, string> | undefined;
  // Bounded: sign-in, consent and the redirects between them take well under 12 steps.
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    remember(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.pathname === '/sso/cognito-cil') return url;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form at ${url.toString()}: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    form = html.includes('name="login"')
      ? { prompt: 'login', login: email, password: 'anything' }
      : { prompt: 'consent' };
  }
  throw new Error('the provider never sent the browser back');
}

const callbackBody = (url: URL) =>
  Object.fromEntries(
    ['code', 'state', 'iss'].map((name) => [name, url.searchParams.get(name) ?? '']),
  );

describe.each(testDatabases)('single sign-on on $kind', (database) => {
  let server: TestServer;
  let idp: DemoIdentityProvider;
  beforeAll(async () => {
    server = await startTestServer(database);
    idp = await startDemoIdentityProvider({
      host: '127.0.0.1',
      port: 0,
      redirectUris: [`${server.config.publicUrl}/sso/cognito-cil`],
      clientSecret: 'test-client-secret-0123456789',
    });
    const [northbank] = await server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
    );
    await upsertProvider(server.db, {
      organisationId: northbank?.id ?? null,
      emailDomain: DOMAIN,
      name: 'Test identity provider',
      type: 'OIDC',
      config: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        createUsers: true,
        defaultRole: 'viewer',
      },
    });
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  it('signs a new person of the domain in through the provider, and links them', async () => {
    const email = `pat.lee@${DOMAIN}`;
    const options = await call(server, 'POST', '/v1/portal/users/loginoptions', {
      body: { email },
    });
    expect(options.body).toEqual({ provider: 'Test identity provider', type: 'OIDC' });
    const start = await call<{ url: string }>(
      server,
      'GET',
      `/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
    );
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    const back = await signInAtProvider(start.body.url, email);
    const signedIn = await call<{ token: string }>(server, 'POST', '/v1/auth/sso/callback', {
      body: callbackBody(back),
    });
    expect(signedIn.status).toBe(200);
    const me = await call(server, 'GET', '/v1/me', { token: signedIn.body.token });
    expect(me.body).toMatchObject({
      user: { email, role: 'viewer', firstName: 'Pat', lastName: 'Lee' },
      organisation: { name: 'Northbank Plant Hire' },
    });

    // The same callback again: its state was spent.
    const replayed = await call(server, 'POST', '/v1/auth/sso/callback', {
      body: callbackBody(back),
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toMatchObject({ code: 'SSO_STATE_INVALID' });

    // Next time the provider's subject finds the same user.
    const again = await call<{ url: string }>(
      server,
      'GET',
      `/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
    );
    const second = await call(server, 'POST', '/v1/auth/sso/callback', {
      body: callbackBody(await signInAtProvider(again.body.url, email)),
    });
    expect(second.status).toBe(200);
    const users = await server.db.query('SELECT 1 FROM app_user WHERE email = $1', [email]);
    expect(users).toHaveLength(1);
  });

  it('refuses a forged state, a tampered code and a domain without a provider', async () => {
    const forged = await call(server, 'POST', '/v1/auth/sso/callback', {
      body: { state: 'forged-state-0123456789', code: 'x' },
    });
    expect(forged.body).toMatchObject({ code: 'SSO_STATE_INVALID', field: 'state' });
    const email = `sam@${DOMAIN}`;
    const start = await call<{ url: string }>(
      server,
      'GET',
      `/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
    );
    const back = await signInAtProvider(start.body.url, email);
    const tampered = await call(server, 'POST', '/v1/auth/sso/callback', {
      body: { ...callbackBody(back), code: `${back.searchParams.get('code') ?? ''}x` },
    });
    expect(tampered.status).toBe(502);
    expect(tampered.body).toMatchObject({ code: 'SSO_PROVIDER_REFUSED' });
    const none = await call(server, 'GET', '/v1/auth/sso/start?email=someone%40example.com');
    expect(none.body).toMatchObject({ code: 'SSO_NOT_CONFIGURED', field: 'email' });
  });

  it('lets staff configure a domain’s provider, keeping the client secret on the server', async () => {
    const staff = (await signIn(server, 'staff@demo.example')).token;
    const admin = (await signIn(server)).token;
    const [harrow] = await server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'`,
    );
    const body = {
      organisationId: harrow?.id,
      emailDomain: 'Corp.Test.Example',
      name: 'Harrow Entra ID',
      type: 'OIDC',
      issuer: 'https://login.example.com/harrow/v2.0',
      clientId: 'harrow-portal',
      clientSecret: 'harrow-secret-0123456789',
      createUsers: false,
      defaultRole: 'viewer',
    };
    expect(
      (await call(server, 'POST', '/v1/admin/sso-providers', { token: admin, body })).status,
    ).toBe(403);
    const created = await call<{ id: string }>(server, 'POST', '/v1/admin/sso-providers', {
      token: staff,
      body,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      emailDomain: 'corp.test.example',
      organisationName: 'Harrow Civil Engineering',
      hasClientSecret: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('harrow-secret');
    const options = await call(server, 'POST', '/v1/portal/users/loginoptions', {
      body: { email: 'ann@corp.test.example' },
    });
    expect(options.body).toEqual({ provider: 'Harrow Entra ID', type: 'OIDC' });
    const twice = await call(server, 'POST', '/v1/admin/sso-providers', { token: staff, body });
    expect(twice.status).toBe(409);

    const { clientSecret: _secret, ...withoutSecret } = body;
    const renamed = await call(server, 'PUT', `/v1/admin/sso-providers/${created.body.id}`, {
      token: staff,
      body: { ...withoutSecret, name: 'Harrow sign-in' },
    });
    expect(renamed.body).toMatchObject({ name: 'Harrow sign-in', hasClientSecret: true });
    const [stored] = await server.db.query<{ secret: string }>(
      `SELECT config->>'clientSecret' AS secret FROM sso_provider WHERE id = $1`,
      [created.body.id],
    );
    expect(stored?.secret).toBe('harrow-secret-0123456789');
    const list = await call<{ providers: { emailDomain: string }[] }>(
      server,
      'GET',
      '/v1/admin/sso-providers',
      { token: staff },
    );
    expect(list.body.providers.map((p) => p.emailDomain)).toContain('corp.test.example');
    expect(
      (await call(server, 'DELETE', `/v1/admin/sso-providers/${created.body.id}`, { token: staff }))
        .status,
    ).toBe(204);
    const gone = await call(server, 'POST', '/v1/portal/users/loginoptions', {
      body: { email: 'ann@corp.test.example' },
    });
    expect(gone.body).toEqual({});
  });
});
