// Custom-token sign-in on both databases: a token an integrating application signed with its
// shared secret signs that person in, once; a wrong secret, another audience, an old or
// long-lived token, an unknown issuer and an address without an account are refused.
// @clock-relative: reads the clock for token lifetimes only, never a date or hour.
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { call, DEMO_ADMIN } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const SECRET = 'fftools-shared-secret-0123456789abcdef';

describeServer(
  'custom-token sign-in',
  { env: { CUSTOM_TOKEN_ISSUERS: `fftools=${SECRET}` } },
  (fixture) => {
    const tokenFor = (
      claims: Record<string, unknown>,
      options: { secret?: string; audience?: string; issuer?: string; lifeS?: number } = {},
    ) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email: DEMO_ADMIN, ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(options.issuer ?? 'fftools')
        .setAudience(options.audience ?? fixture.server.config.publicUrl)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.lifeS ?? 60))
        .setJti(crypto.randomUUID())
        .sign(new TextEncoder().encode(options.secret ?? SECRET));
    };
    const signInWith = (token: string) =>
      call<{ token: string; message?: string }>(fixture.server, 'POST', '/v1/auth/custom-token', {
        body: { token },
      });

    it('signs the person in, once per token', async () => {
      const token = await tokenFor({});
      const signedIn = await signInWith(token);
      expect(signedIn.status).toBe(200);
      const me = await call(fixture.server, 'GET', '/v1/me', { token: signedIn.body.token });
      expect(me.body).toMatchObject({ user: { email: DEMO_ADMIN } });
      const again = await signInWith(token);
      expect(again.status).toBe(401);
      expect(again.body).toMatchObject({ code: 'CUSTOM_TOKEN_INVALID' });
      expect(again.body.message).toMatch(/already used/);
    });

    it('picks the organisation the token names, among the person’s own', async () => {
      const [harrow] = await fixture.server.db.query<{ id: string }>(
        `INSERT INTO membership (user_id, organisation_id, role)
       SELECT u.id, o.id, 'viewer' FROM app_user u, organisation o
        WHERE lower(u.email) = $1 AND o.name = 'Harrow Civil Engineering'
       ON CONFLICT DO NOTHING RETURNING organisation_id AS id`,
        [DEMO_ADMIN],
      );
      const chosen = await signInWith(await tokenFor({ org: harrow?.id }));
      const me = await call<{ organisation: { id: string } }>(fixture.server, 'GET', '/v1/me', {
        token: chosen.body.token,
      });
      expect(me.body.organisation.id).toBe(harrow?.id);
      const elsewhere = await signInWith(
        await tokenFor({ org: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(elsewhere.status).toBe(401);
    });

    it('refuses what it must not trust', async () => {
      const refusals = {
        'wrong secret': await tokenFor({}, { secret: 'another-secret-0123456789abcdefghij' }),
        'another audience': await tokenFor({}, { audience: 'https://elsewhere.example' }),
        'unknown issuer': await tokenFor({}, { issuer: 'stranger' }),
        'lives too long': await tokenFor({}, { lifeS: 3600 }),
        'no account': await tokenFor({ email: 'nobody@nowhere.example' }),
        'not a JWT': 'not-a-jwt-at-all-0123456789',
      };
      for (const [why, token] of Object.entries(refusals)) {
        const refused = await signInWith(token);
        expect(refused.status, why).toBe(401);
        expect(refused.body, why).toMatchObject({ code: 'CUSTOM_TOKEN_INVALID' });
      }
      const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ iss: 'fftools', email: DEMO_ADMIN }),
      ).toString('base64url')}.`;
      expect((await signInWith(unsigned)).status).toBe(401);
    });
  },
);
