// Single sign-on (spec points 2, 4 and 7): the /sso popup asks where the e-mail's provider signs
// in; the provider sends the popup back to /sso/cognito-cil, which posts what it got here; the
// server checks it with the provider and answers with our own tokens, as a password sign-in does.
// A SAML provider first posts its answer to our assertion consumer service, which checks it and
// sends the popup on to /sso/cognito-cil with a one-time code for the result.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenReply } from '../../../src/domain/api/auth.ts';
import { SsoCallbackBody, SsoStartQuery, SsoStartReply } from '../../../src/domain/api/sso.ts';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { issueTokens } from '../auth/index.ts';
import { openSession, sessionClient } from '../../security/sessions.ts';
import { giveBackAttempt, throttle } from '../../security/throttle.ts';
import { getMemberships, recordSignIn } from '../users/index.ts';
import { finishOidc, startOidc } from './oidc.ts';
import {
  oidcSettings,
  providerById,
  providerForEmail,
  samlSettings,
  type SsoProvider,
} from './providers.ts';
import { serviceProviderOf, startSaml } from './saml.ts';
import { accountForSso } from './ssoAccount.ts';
import { claimState, openRequest, type ClaimedRequest } from './ssoRequests.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

/** The portal page the provider sends the popup back to (spec point 2: /sso/cognito-cil). */
export const SSO_CALLBACK_PATH = '/sso/cognito-cil';

/** Where a provider sends the popup back to, on this portal's public address. */
export const callbackUrlOf = (publicUrl: string) =>
  `${publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;

const notConfigured = () =>
  new HttpError(
    400,
    'SSO_NOT_CONFIGURED',
    'No single sign-on is configured for this e-mail domain',
    'email',
  );

/** The account a provider's answer signs in: SAML's kept result, or OIDC's checked now. */
async function ssoUser(
  db: Database,
  provider: SsoProvider,
  claimed: ClaimedRequest,
  body: SsoCallbackBody,
  redirectUri: string,
): Promise<string> {
  if (claimed.kind === 'saml') {
    const { failure } = claimed;
    if (failure) throw new HttpError(failure.status, failure.code, failure.message);
    if (!claimed.userId) throw notConfigured();
    return claimed.userId;
  } else {
    const settings = oidcSettings(provider);
    if (!settings) throw notConfigured();
    const callbackUrl = new URL(redirectUri);
    for (const name of ['code', 'state', 'iss'] as const) {
      const value = body[name];
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    }
    const person = await finishOidc(settings, callbackUrl, { ...claimed, state: body.state });
    return db.transaction((tx) => accountForSso(tx, provider, settings, person));
  }
}

export const ssoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, config, signInLimits } = context;
  const redirectUri = callbackUrlOf(config.publicUrl);

  app.get(
    endpoints.auth.ssoStart,
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

  app.post(
    endpoints.auth.ssoCallback,
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
      const userId = await ssoUser(db, provider, claimed, body, redirectUri);
      const memberships = await getMemberships(db, userId);
      const membership =
        memberships.find((m) => m.organisationId === provider.organisationId) ?? memberships[0];
      if (!membership)
        throw new HttpError(403, 'SSO_NO_ACCOUNT', 'This account belongs to no organisation here');
      await giveBackAttempt(db, key);
      return db.transaction(async (tx) => {
        await recordSignIn(tx, userId);
        const sessionId = await openSession(
          tx,
          userId,
          config.refreshTokenTtlS,
          sessionClient(request),
        );
        return issueTokens(tx, reply, context, { userId, sessionId }, membership);
      });
    },
  );
};
