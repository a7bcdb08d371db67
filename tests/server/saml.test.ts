// SAML 2.0 single sign-on on both databases, against a real identity provider (SimpleSAMLphp,
// tests/support/simpleSamlPhp.ts): staff configure it by its metadata address; the whole
// SP-initiated flow signs a new person of the domain in; a replayed answer, a forged signature, an
// answer for another service provider and an expired one are refused.
// @clock-relative: moves the clock minutes ahead to expire an assertion, never to a date or hour.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../support/databases.ts';
import { samlAvailable, startSimpleSamlPhp, type SimpleSamlPhp } from '../support/simpleSamlPhp.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const DOMAIN = 'saml.test.example';
const OTHER_DOMAIN = 'saml-other.test.example';
const ANA = {
  username: 'ana',
  password: 'ana-idp-password',
  email: `ana.lopez@${DOMAIN}`,
  firstName: 'Ana',
  lastName: 'Lopez',
};

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#039;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The named inputs of the first form on a page, and where it posts. */
function formOf(html: string, base: URL): { action: URL; fields: Record<string, string> } {
  const form = html.match(/<form[^>]*action="([^"]*)"/);
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input[^>]*>/g)) {
    const name = input[0].match(/name="([^"]*)"/)?.[1];
    const value = input[0].match(/value="([^"]*)"/)?.[1];
    if (name) fields[name] = decode(value ?? '');
  }
  return { action: new URL(decode(form?.[1] || base.toString()), base), fields };
}

/** A browser's part at the identity provider, by HTTP: it signs in and gets the answer to post. */
async function answerFromProvider(
  start: string,
  user = ANA,
): Promise<{ acs: URL; SAMLResponse: string; RelayState: string }> {
  const cookies = new Map<string, string>();
  let url = new URL(start);
  let form: Record<string, string> | undefined;
  // Bounded: redirect, sign-in form, redirect, answer form.
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    const page = formOf(html, url);
    if (page.fields.SAMLResponse)
      return {
        acs: page.action,
        SAMLResponse: page.fields.SAMLResponse,
        RelayState: page.fields.RelayState ?? '',
      };
    if (!('password' in page.fields))
      throw new Error(`no sign-in form at ${url.toString()}: ${html.slice(0, 400)}`);
    url = page.action;
    form = { ...page.fields, username: user.username, password: user.password };
  }
  throw new Error('the identity provider never answered');
}

describe.skipIf(!samlAvailable()).each(testDatabases)(
  'SAML single sign-on on $kind',
  (database) => {
    let server: TestServer;
    let idp: SimpleSamlPhp;
    let staff: string;
    let providerId: string;
    let organisationId: string;

    /** Posts an answer to a provider's assertion consumer service as the browser would. */
    async function postAnswer(
      id: string,
      answer: { SAMLResponse: string; RelayState: string },
    ): Promise<URL> {
      const response = await fetch(`${server.url}/v1/auth/sso/saml/${id}/acs`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          SAMLResponse: answer.SAMLResponse,
          RelayState: answer.RelayState,
        }).toString(),
      });
      expect(response.status, await response.clone().text()).toBe(303);
      return new URL(response.headers.get('location') ?? '');
    }

    const collect = (popup: URL) =>
      call<{ token: string }>(server, 'POST', '/v1/auth/sso/callback', {
        body: Object.fromEntries(popup.searchParams),
      });

    const start = async (email: string) =>
      (
        await call<{ url: string }>(
          server,
          'GET',
          `/v1/auth/sso/start?email=${encodeURIComponent(email)}`,
        )
      ).body.url;

    async function addProvider(domain: string): Promise<{ id: string; spEntityId: string }> {
      const created = await call<{ id: string; spEntityId: string; callbackUrl: string }>(
        server,
        'POST',
        '/v1/admin/sso-providers',
        {
          token: staff,
          body: {
            organisationId,
            emailDomain: domain,
            name: `SimpleSAMLphp for ${domain}`,
            type: 'SAML',
            metadataUrl: idp.metadataUrl,
            createUsers: true,
            defaultRole: 'viewer',
          },
        },
      );
      expect(created.status).toBe(201);
      idp.addServiceProvider(created.body.spEntityId, created.body.callbackUrl);
      return created.body;
    }

    beforeAll(async () => {
      server = await startTestServer(database);
      idp = await startSimpleSamlPhp([ANA]);
      staff = (await signIn(server, 'staff@demo.example')).token;
      const [northbank] = await server.db.query<{ id: string }>(
        `SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'`,
      );
      organisationId = northbank?.id ?? '';
      providerId = (await addProvider(DOMAIN)).id;
    });
    afterAll(async () => {
      await idp?.stop();
      await server?.close();
    });

    it('lets staff configure a provider by its metadata, and refuses an address without any', async () => {
      const list = await call<{ providers: Record<string, unknown>[] }>(
        server,
        'GET',
        '/v1/admin/sso-providers',
        { token: staff },
      );
      const record = list.body.providers.find((p) => p.id === providerId);
      expect(record).toMatchObject({
        type: 'SAML',
        metadataUrl: idp.metadataUrl,
        spEntityId: `${server.config.publicUrl}/v1/auth/sso/saml/${providerId}/metadata`,
        callbackUrl: `${server.config.publicUrl}/v1/auth/sso/saml/${providerId}/acs`,
      });
      const metadata = await fetch(`${server.url}/v1/auth/sso/saml/${providerId}/metadata`);
      expect(metadata.headers.get('content-type')).toContain('application/samlmetadata+xml');
      expect(await metadata.text()).toContain('AssertionConsumerService');

      const wrong = await call(server, 'POST', '/v1/admin/sso-providers', {
        token: staff,
        body: {
          organisationId,
          emailDomain: 'nometadata.test.example',
          name: 'Nowhere',
          type: 'SAML',
          metadataUrl: `${server.url}/v1/health`,
          createUsers: false,
          defaultRole: 'viewer',
        },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ field: 'metadataUrl' });
      const missing = await call(server, 'POST', '/v1/admin/sso-providers', {
        token: staff,
        body: {
          organisationId,
          emailDomain: 'nometadata.test.example',
          name: 'Nowhere',
          type: 'SAML',
          createUsers: false,
          defaultRole: 'viewer',
        },
      });
      expect(missing.body).toMatchObject({ field: 'metadataUrl' });
    });

    it('signs a new person of the domain in through the identity provider', async () => {
      const options = await call(server, 'POST', '/v1/portal/users/loginoptions', {
        body: { email: ANA.email },
      });
      expect(options.body).toEqual({ provider: `SimpleSAMLphp for ${DOMAIN}`, type: 'SAML' });
      const url = await start(ANA.email);
      expect(new URL(url).origin).toBe(new URL(idp.url).origin);
      expect(new URL(url).searchParams.get('SAMLRequest')).toBeTruthy();

      const answer = await answerFromProvider(url);
      expect(answer.acs.pathname).toBe(`/v1/auth/sso/saml/${providerId}/acs`);
      const popup = await postAnswer(providerId, answer);
      expect(popup.pathname).toBe('/sso/cognito-cil');
      expect(popup.searchParams.get('code')).toBeTruthy();
      const signedIn = await collect(popup);
      expect(signedIn.status).toBe(200);
      const me = await call(server, 'GET', '/v1/me', { token: signedIn.body.token });
      expect(me.body).toMatchObject({
        user: { email: ANA.email, role: 'viewer', firstName: 'Ana', lastName: 'Lopez' },
        organisation: { name: 'Northbank Plant Hire' },
      });
      // The popup's code works once.
      expect((await collect(popup)).body).toMatchObject({ code: 'SSO_STATE_INVALID' });

      // The same answer again: its sign-in was answered, so the popup is told to start again.
      const replay = await postAnswer(providerId, answer);
      expect(replay.searchParams.get('code')).toBeNull();
      expect((await collect(replay)).body).toMatchObject({ code: 'SSO_STATE_INVALID' });
      // ...and under a new sign-in it answers a request that is not that one's.
      const fresh = new URL(await start(ANA.email)).searchParams.get('RelayState') ?? '';
      const reused = await collect(
        await postAnswer(providerId, { SAMLResponse: answer.SAMLResponse, RelayState: fresh }),
      );
      expect(reused.status).toBe(401);
      expect(reused.body).toMatchObject({ code: 'SSO_PROVIDER_REFUSED' });
    });

    it('refuses an answer whose signed content was changed', async () => {
      const answer = await answerFromProvider(await start(ANA.email));
      const xml = Buffer.from(answer.SAMLResponse, 'base64').toString('utf8');
      expect(xml).toContain(ANA.email);
      const forged = Buffer.from(xml.replaceAll(ANA.email, `eve@${DOMAIN}`)).toString('base64');
      const refused = await collect(
        await postAnswer(providerId, { ...answer, SAMLResponse: forged }),
      );
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'SSO_PROVIDER_REFUSED' });
      expect(String((refused.body as { message?: string }).message)).toMatch(/signature/i);
      const eve = await server.db.query('SELECT 1 FROM app_user WHERE email = $1', [
        `eve@${DOMAIN}`,
      ]);
      expect(eve).toHaveLength(0);
    });

    it('refuses an answer meant for another service provider', async () => {
      const other = await addProvider(OTHER_DOMAIN);
      const answer = await answerFromProvider(await start(ANA.email));
      const inResponseTo = Buffer.from(answer.SAMLResponse, 'base64')
        .toString('utf8')
        .match(/InResponseTo="([^"]+)"/)?.[1];
      expect(inResponseTo).toBeTruthy();
      // A sign-in with the other provider, made to expect this answer's request id, so that only
      // the audience (our first provider's entity) can refuse it.
      const otherState =
        new URL(await start(`someone@${OTHER_DOMAIN}`)).searchParams.get('RelayState') ?? '';
      await server.db.query(
        `UPDATE sso_request SET saml_request_id = $1
          WHERE provider_id = $2 AND answered_at IS NULL AND used_at IS NULL`,
        [inResponseTo ?? '', other.id],
      );
      const refused = await collect(
        await postAnswer(other.id, { SAMLResponse: answer.SAMLResponse, RelayState: otherState }),
      );
      expect(refused.status).toBe(401);
      expect(String((refused.body as { message?: string }).message)).toMatch(/audience/i);
    });

    it('refuses an answer that has expired', async () => {
      const answer = await answerFromProvider(await start(ANA.email));
      // Seven minutes later: past the assertion's five minutes and our 30 s of skew, within the
      // sign-in's ten. Only Date moves (PGlite's clock with it); timers stay real.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 60_000 });
      try {
        const refused = await collect(await postAnswer(providerId, answer));
        expect(refused.status).toBe(401);
        // node-saml checks the subject confirmation's NotOnOrAfter first.
        expect(String((refused.body as { message?: string }).message)).toMatch(
          /expired|no valid subject confirmation/i,
        );
      } finally {
        vi.useRealTimers();
      }
    });
  },
);
