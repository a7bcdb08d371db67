// Sign-in, throttling, tokens (expired, forged, foreign key), refresh, sign-out and exchange, over HTTP.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeyRing } from '../../server/modules/auth/signingKeys.ts';
import { signAccessToken } from '../../server/modules/auth/tokens.ts';
import { testDatabases } from '../support/databases.ts';
import {
  call,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  signIn,
  startTestServer,
  type TestServer,
} from '../support/testServer.ts';

describe.each(testDatabases)('auth on $kind', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      signInLimits: {
        email: { maxFailures: 3, windowS: 900, blockS: 600 },
        address: { maxFailures: 1000, windowS: 900, blockS: 600 },
      },
    });
    await server.db.query(
      `INSERT INTO sso_provider (email_domain, provider, type) VALUES ('sso-corp.example', 'corp-idp', 'OIDC')`,
    );
  });
  afterAll(() => server.close());

  it('answers loginoptions empty for a password user and with the provider for an SSO domain', async () => {
    const password = await call(server, 'POST', '/v1/portal/users/loginoptions', {
      body: { email: DEMO_ADMIN },
    });
    expect(password).toMatchObject({ status: 200, body: {} });
    const sso = await call(server, 'POST', '/v1/portal/users/loginoptions', {
      body: { email: 'ann@SSO-corp.example' },
    });
    expect(sso.body).toEqual({ provider: 'corp-idp', type: 'OIDC' });
  });

  it('signs in with the right password and returns a short-lived token and a refresh token', async () => {
    const tokens = await signIn(server);
    expect(tokens.token.split('.')).toHaveLength(3);
    expect(tokens.refreshToken.length).toBeGreaterThan(20);
    expect(tokens.expiresIn).toBeGreaterThan(0);
    expect(tokens.expiresIn).toBeLessThanOrEqual(3600);
    const me = await call<{ user: { email: string } }>(server, 'GET', '/v1/me', {
      token: tokens.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(DEMO_ADMIN);
  });

  it('gives one answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await call(server, 'POST', '/v1/auth/login', {
      body: { email: 'viewer@demo.example', password: 'not-the-password' },
    });
    const unknown = await call(server, 'POST', '/v1/auth/login', {
      body: { email: 'nobody@demo.example', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('throttles repeated failures for one e-mail with 429 and Retry-After, even for the right password', async () => {
    const email = 'staff@demo.example';
    for (let i = 0; i < 3; i++) {
      const reply = await call(server, 'POST', '/v1/auth/login', {
        body: { email, password: `wrong-${i}` },
      });
      expect(reply.status).toBe(401);
    }
    const blocked = await call(server, 'POST', '/v1/auth/login', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another e-mail from the same address is not affected.
    await signIn(server, 'harrow@demo.example');
  });

  it('rejects a missing, malformed, expired, tampered or foreign-signed token with 401', async () => {
    const keys = await loadKeyRing(server.db);
    const { token } = await signIn(server);
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, string>;
    const subject = {
      userId: claims.sub ?? '',
      organisationId: claims.org ?? '',
      role: 'admin' as const,
    };

    const expired = signAccessToken(keys, subject, 60, Date.now() - 3_600_000);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'internal' })).toString(
      'base64url',
    );
    const tampered = `${header}.${elevated}.${signature}`;
    const foreignKey = generateKeyPairSync('ed25519');
    const foreign = signAccessToken(
      { current: { kid: keys.current.kid, ...foreignKey }, byKid: new Map() },
      subject,
      600,
    );
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;

    for (const bad of [undefined, 'garbage', expired, tampered, foreign, unsigned]) {
      const reply = await call(server, 'GET', '/v1/me', { token: bad });
      expect(reply.status, `token ${bad?.slice(0, 20)}`).toBe(401);
      expect(reply.body).toMatchObject({ code: 'UNAUTHORISED' });
    }
    for (const path of ['/v1/users/settings', '/v1/portal/machines/list']) {
      expect((await call(server, 'GET', path, { token: expired })).status).toBe(401);
    }
  });

  it('rotates refresh tokens and revokes them on sign-out', async () => {
    const first = await signIn(server);
    const second = await call<{ token: string; refreshToken: string }>(
      server,
      'POST',
      '/v1/auth/refresh',
      {
        body: { refreshToken: first.refreshToken },
      },
    );
    expect(second.status).toBe(200);
    expect((await call(server, 'GET', '/v1/me', { token: second.body.token })).status).toBe(200);

    const reused = await call(server, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: first.refreshToken },
    });
    expect(reused.status).toBe(401);

    const logout = await call(server, 'POST', '/v1/auth/logout', {
      body: { refreshToken: second.body.refreshToken },
    });
    expect(logout.status).toBe(204);
    const afterLogout = await call(server, 'POST', '/v1/auth/refresh', {
      body: { refreshToken: second.body.refreshToken },
    });
    expect(afterLogout.status).toBe(401);
  });

  it('exchanges a token for another organisation of the user, and refuses a foreign one with 403', async () => {
    const { token } = await signIn(server);
    const me = await call<{
      organisation: { id: string; availableOrgs: { id: string; name: string }[] };
    }>(server, 'GET', '/v1/me', { token });
    const other = me.body.organisation.availableOrgs.find(
      (org) => org.id !== me.body.organisation.id,
    );
    expect(other?.name).toBe('Meridian Build Group');

    const exchanged = await call<{ token: string }>(server, 'POST', '/v1/auth/exchange', {
      token,
      body: { organisationID: other?.id, token },
    });
    expect(exchanged.status).toBe(200);
    const switched = await call<{ organisation: { id: string } }>(server, 'GET', '/v1/me', {
      token: exchanged.body.token,
    });
    expect(switched.body.organisation.id).toBe(other?.id);

    const foreignOrg = await server.db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE name = 'Harrow Civil Engineering'`,
    );
    for (const organisationID of [foreignOrg[0]?.id, randomUUID(), 'not-a-uuid']) {
      const refused = await call(server, 'POST', '/v1/auth/exchange', {
        token,
        body: { organisationID, token },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('reports lastLogin as null on a first session and as the previous sign-in after', async () => {
    const email = 'viewer@demo.example';
    const first = await signIn(server, email);
    const firstMe = await call<{ user: { lastLogin: string | null } }>(server, 'GET', '/v1/me', {
      token: first.token,
    });
    expect(firstMe.body.user.lastLogin).toBeNull();
    const second = await signIn(server, email);
    const secondMe = await call<{ user: { lastLogin: string | null } }>(server, 'GET', '/v1/me', {
      token: second.token,
    });
    expect(new Date(secondMe.body.user.lastLogin ?? 0).getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });
});
