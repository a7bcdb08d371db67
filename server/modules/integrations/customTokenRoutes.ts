// POST /v1/auth/custom-token: the /int_fftools page hands over an integrating application's token
// and gets our own tokens, as a password sign-in does. Only people who already have an active
// account are signed in; an application cannot create one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TokenReply } from '../../../src/domain/api/auth.ts';
import { CustomTokenBody } from '../../../src/domain/api/customToken.ts';
import type { ServerContext } from '../../context.ts';
import { issueTokens } from '../auth/index.ts';
import { openSession, sessionClient } from '../../security/sessions.ts';
import { throttle } from '../../security/throttle.ts';
import { findUserForSignIn, getMemberships, recordSignIn } from '../users/index.ts';
import { customTokenRefused, spendCustomToken, verifyCustomToken } from './customToken.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const customTokenRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, config, signInLimits } = context;
  const audience = config.publicUrl.replace(/\/$/, '');

  app.post(
    endpoints.auth.customToken,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: CustomTokenBody, response: { 200: TokenReply } },
    },
    async (request, reply) => {
      await throttle(db, `custom-token:${request.ip}`, signInLimits.address, 'sign-ins');
      const claims = await verifyCustomToken(
        request.body.token,
        config.customTokenIssuers,
        audience,
      );
      await spendCustomToken(db, claims);
      const user = await findUserForSignIn(db, claims.email);
      const memberships = user?.emailConfirmed ? await getMemberships(db, user.id) : [];
      const membership = claims.organisationId
        ? memberships.find((m) => m.organisationId === claims.organisationId)
        : memberships[0];
      if (!user || !membership)
        throw customTokenRefused(
          `${claims.email} has no active account${claims.organisationId ? ' in that organisation' : ''}`,
        );
      return db.transaction(async (tx) => {
        await recordSignIn(tx, user.id);
        const sessionId = await openSession(
          tx,
          user.id,
          config.refreshTokenTtlS,
          sessionClient(request),
        );
        return issueTokens(tx, reply, context, { userId: user.id, sessionId }, membership);
      });
    },
  );
};
