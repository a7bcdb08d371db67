// Sign-in with an e-mail and password (and a second factor where one is on or required). The
// refresh token lives only in an HttpOnly cookie scoped to /v1/auth, so a script in the page
// cannot take a 30-day session away; the access token is kept in the page's memory. The session's
// later calls are in sessionRoutes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, TokenReply } from '../../../src/domain/api/auth.ts';
import { SecondFactorSetup } from '../../../src/domain/api/secondFactor.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, conflict } from '../../httpError.ts';
import { openSession, sessionClient } from '../../security/sessions.ts';
import { forgetAttempts, throttle } from '../../security/throttle.ts';
import { requiredBy, secondFactorGate, startSetup } from '../secondFactor/index.ts';
import { recordSignIn } from '../users/index.ts';
import { issueTokens } from './issueTokens.ts';
import { checkPassword, codeRefused } from './password.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tokenReply = { 200: TokenReply };

export const signInRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, keys, config, signInLimits } = context;

  app.post(
    endpoints.auth.login,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: tokenReply },
    },
    async (request, reply) => {
      const { user, membership, release } = await checkPassword(context, request.body, request.ip);
      // A code is counted per account before it is checked, from whichever address it comes.
      const codeKey = `second-factor:${user.id}`;
      if (request.body.code)
        await throttle(db, codeKey, signInLimits.secondFactor, 'wrong sign-in codes');
      const gate = await secondFactorGate(db, user.id, request.body.code);
      if (gate.kind === 'ask') await release();
      if (gate.kind === 'refused') await codeRefused(context, request.body.email, codeKey, request);
      if (gate.kind !== 'pass') throw gate.error;
      await release();
      if (request.body.code) await forgetAttempts(db, codeKey);
      const signedIn = await db.transaction(async (tx) => {
        await recordSignIn(tx, user.id);
        const sessionId = await openSession(
          tx,
          user.id,
          config.refreshTokenTtlS,
          sessionClient(request),
        );
        return issueTokens(tx, reply, { keys, config }, { userId: user.id, sessionId }, membership);
      });
      return gate.recoveryCodes ? { ...signedIn, recoveryCodes: gate.recoveryCodes } : signedIn;
    },
  );

  app.post(
    endpoints.auth.secondFactorSetup,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: SecondFactorSetup } },
    },
    async (request) => {
      // Signing in to an organisation that requires a second factor, without one yet.
      const { user, release } = await checkPassword(context, request.body, request.ip);
      if ((await requiredBy(db, user.id)).length === 0)
        throw badRequest('email', 'No organisation of this account requires two-step sign-in');
      const setup = await startSetup(db, user.id);
      if (!setup) throw conflict('Two-step sign-in is already on for this account');
      await release();
      return setup;
    },
  );
};
