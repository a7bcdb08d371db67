// Single sign-on (spec points 2, 4 and 7): the /sso popup asks where the e-mail's provider signs
// in; the provider sends the popup back to /sso/cognito-cil, which posts what it got here; the
// server checks it with the provider and answers with our own tokens, as a password sign-in does.
// A SAML provider first posts its answer to our assertion consumer service, which checks it and
// sends the popup on to /sso/cognito-cil with a one-time code for the result.
import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TokenReply } from '../../../src/domain/api/auth.ts';
import {
  SamlAnswerBody,
  SsoCallbackBody,
  SsoStartQuery,
  SsoStartReply,
} from '../../../src/domain/api/sso.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError, notFound } from '../../httpError.ts';
import { issueTokens } from '../auth/index.ts';
import { openSession } from '../../security/sessions.ts';
import { throttle } from '../../security/throttle.ts';
import { getMemberships, recordSignIn } from '../users/index.ts';
import { finishOidc, startOidc } from './oidc.ts';
import { oidcSettings, providerById, providerForEmail, samlSettings } from './providers.ts';
import { finishSaml, serviceProviderMetadata, serviceProviderOf, startSaml } from './saml.ts';
import { accountForSso } from './ssoAccount.ts';
import {
  claimState,
  keepSamlResult,
  openRequest,
  takeSamlRequest,
  type SsoFailure,
} from './ssoRequests.ts';

/** The portal page the provider sends the popup back to (spec point 2: /sso/cognito-cil). */
export const SSO_CALLBACK_PATH = '/sso/cognito-cil';

const notConfigured = () =>
  new HttpError(
    400,
    'SSO_NOT_CONFIGURED',
    'No single sign-on is configured for this e-mail domain',
    'email',
  );

const ProviderParams = Type.Object({ providerId: Type.String({ format: 'uuid' }) });

export const ssoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, config, signInLimits } = context;
  const redirectUri = `${config.publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;
  // Identity providers post SAML answers as a form.
  await app.register(formBody);

  async function samlProvider(providerId: string) {
    const provider = await providerById(db, providerId);
    const settings = provider && samlSettings(provider);
    if (!provider || !settings) throw notFound('No such SAML provider');
    return { provider, settings, sp: serviceProviderOf(config.publicUrl, provider.id) };
  }

  app.get(
    '/v1/auth/sso/start',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], querystring: SsoStartQuery, response: { 200: SsoStartReply } },
    },
    async (request) => {
      await throttle(db, `sso-start:${request.ip}`, signInLimits.address, 'sign-ins');
      const { email } = request.query;
      const provider = await providerForEmail(db, email);
      const oidc = provider && oidcSettings(provider);
      if (provider && oidc)
        return { url: (await startOidc(db, provider, oidc, redirectUri, email)).toString() };
      const saml = provider && samlSettings(provider);
      if (!provider || !saml) throw notConfigured();
      const sp = serviceProviderOf(config.publicUrl, provider.id);
      const started = await startSaml(saml, sp, email);
      await openRequest(db, {
        state: started.state,
        providerId: provider.id,
        samlRequestId: started.requestId,
      });
      return { url: started.url };
    },
  );

  app.get(
    '/v1/auth/sso/saml/:providerId/metadata',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: ProviderParams, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      const { sp } = await samlProvider(request.params.providerId);
      return reply.type('application/samlmetadata+xml').send(serviceProviderMetadata(sp));
    },
  );

  app.post(
    '/v1/auth/sso/saml/:providerId/acs',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], params: ProviderParams, body: SamlAnswerBody },
    },
    async (request, reply) => {
      await throttle(db, `sso-acs:${request.ip}`, signInLimits.address, 'sign-ins');
      const { provider, settings, sp } = await samlProvider(request.params.providerId);
      const { SAMLResponse, RelayState: state } = request.body;
      const toPopup = (query: Record<string, string>) =>
        reply.redirect(`${redirectUri}?${new URLSearchParams(query).toString()}`, 303);
      const samlRequest = await takeSamlRequest(db, state, provider.id);
      // Not a sign-in of ours, or answered before (a replay): the popup says to start again.
      if (!samlRequest) return toPopup({ state });
      let result: { userId: string } | { failure: SsoFailure };
      try {
        const person = await finishSaml(settings, sp, samlRequest, SAMLResponse);
        result = {
          userId: await db.transaction((tx) => accountForSso(tx, provider, settings, person)),
        };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request.log.info({ code: error.code, reason: error.message }, 'SAML sign-in refused');
        result = {
          failure: { status: error.statusCode, code: error.code, message: error.message },
        };
      }
      return toPopup({ state, code: await keepSamlResult(db, state, result) });
    },
  );

  app.post(
    '/v1/auth/sso/callback',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: SsoCallbackBody, response: { 200: TokenReply } },
    },
    async (request, reply) => {
      const body = request.body;
      // Counted per address like sign-ins (the state's 256 random bits are the real guard).
      const key = `sso:${request.ip}`;
      await throttle(db, key, signInLimits.address, 'failed sign-ins');
      const claimed = await claimState(db, body.state, body.code);
      if (body.error)
        throw new HttpError(
          401,
          'SSO_PROVIDER_REFUSED',
          `The identity provider did not sign you in: ${body.error_description ?? body.error}`,
        );
      const provider = await providerById(db, claimed.providerId);
      if (!provider) throw notConfigured();
      let userId: string;
      if (claimed.kind === 'saml') {
        const { failure } = claimed;
        if (failure) throw new HttpError(failure.status, failure.code, failure.message);
        if (!claimed.userId) throw notConfigured();
        userId = claimed.userId;
      } else {
        const settings = oidcSettings(provider);
        if (!settings) throw notConfigured();
        const callbackUrl = new URL(redirectUri);
        for (const name of ['code', 'state', 'iss'] as const) {
          const value = body[name];
          if (value !== undefined) callbackUrl.searchParams.set(name, value);
        }
        const person = await finishOidc(settings, callbackUrl, { ...claimed, state: body.state });
        userId = await db.transaction((tx) => accountForSso(tx, provider, settings, person));
      }
      const memberships = await getMemberships(db, userId);
      const membership =
        memberships.find((m) => m.organisationId === provider.organisationId) ?? memberships[0];
      if (!membership)
        throw new HttpError(403, 'SSO_NO_ACCOUNT', 'This account belongs to no organisation here');
      await db.query(
        'UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE throttle_key = $1',
        [key],
      );
      return db.transaction(async (tx) => {
        await recordSignIn(tx, userId);
        const sessionId = await openSession(tx, userId, config.refreshTokenTtlS);
        return issueTokens(tx, reply, context, { userId, sessionId }, membership);
      });
    },
  );
};
