// Single sign-on (spec points 2, 4 and 7): the /sso popup asks where the e-mail's provider signs
// in; the provider sends the popup back to /sso/cognito-cil, which posts what it got here; the
// server checks it with the provider and answers with our own tokens, as a password sign-in does.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenReply } from '../../../src/domain/api/auth.ts';
import { SsoCallbackBody, SsoStartQuery, SsoStartReply } from '../../../src/domain/api/sso.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../httpError.ts';
import { issueTokens } from '../auth/issueTokens.ts';
import { openSession } from '../auth/sessions.ts';
import { throttle } from '../auth/throttle.ts';
import { getMemberships, recordSignIn } from '../users/service.ts';
import { claimState, finishOidc, startOidc } from './oidc.ts';
import { oidcSettings, providerById, providerForEmail } from './providers.ts';
import { accountForSso } from './ssoAccount.ts';

/** The portal page the provider sends the popup back to (spec point 2: /sso/cognito-cil). */
export const SSO_CALLBACK_PATH = '/sso/cognito-cil';

const notConfigured = () =>
  new HttpError(
    400,
    'SSO_NOT_CONFIGURED',
    'No single sign-on is configured for this e-mail domain',
    'email',
  );

export const ssoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, config, signInLimits } = context;
  const redirectUri = `${config.publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;

  app.get(
    '/v1/auth/sso/start',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], querystring: SsoStartQuery, response: { 200: SsoStartReply } },
    },
    async (request) => {
      await throttle(db, `sso-start:${request.ip}`, signInLimits.address, 'sign-ins');
      const provider = await providerForEmail(db, request.query.email);
      const settings = provider && oidcSettings(provider);
      if (!provider || !settings) throw notConfigured();
      const url = await startOidc(db, provider, settings, redirectUri, request.query.email);
      return { url: url.toString() };
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
      const checks = await claimState(db, body.state);
      if (body.error)
        throw new HttpError(
          401,
          'SSO_PROVIDER_REFUSED',
          `The identity provider did not sign you in: ${body.error_description ?? body.error}`,
        );
      const provider = await providerById(db, checks.providerId);
      const settings = provider && oidcSettings(provider);
      if (!provider || !settings) throw notConfigured();
      const callbackUrl = new URL(redirectUri);
      for (const name of ['code', 'state', 'iss'] as const) {
        const value = body[name];
        if (value !== undefined) callbackUrl.searchParams.set(name, value);
      }
      const person = await finishOidc(settings, callbackUrl, { ...checks, state: body.state });
      const userId = await db.transaction((tx) => accountForSso(tx, provider, settings, person));
      const memberships = await getMemberships(db, userId);
      const membership =
        memberships.find((m) => m.organisationId === provider.organisationId) ?? memberships[0];
      if (!membership)
        throw new HttpError(
          403,
          'SSO_NO_ACCOUNT',
          `${person.email} belongs to no organisation here`,
        );
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
