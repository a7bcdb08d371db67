// A session after sign-in: the refresh (rotating its token, ending the session when a rotated one
// comes back), sign-out, and the exchange of a token for one in another of the user's
// organisations.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExchangeBody, TokenReply } from '../../../src/domain/api/auth.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import { forbidden, HttpError, unauthorised } from '../../httpError.ts';
import { bearerToken } from '../../plugins/access.ts';
import { extendSession } from '../../security/sessions.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { getMemberships } from '../users/index.ts';
import { clearRefreshCookie, issueTokens, refreshCookie } from './issueTokens.ts';
import { sessionOfRefreshToken, useRefreshToken } from './refreshTokens.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tokenReply = { 200: TokenReply };

const sessionEnded = () =>
  new HttpError(401, ERROR_CODES.invalidRefreshToken, 'The session has expired or was ended');

export const sessionRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, keys, config, sessions },
) => {
  app.post(
    endpoints.auth.refresh,
    { config: { access: 'public' }, schema: { tags: ['auth'], response: tokenReply } },
    async (request, reply) => {
      const token = refreshCookie(request);
      if (!token) throw sessionEnded();
      const use = await db.transaction((tx) => useRefreshToken(tx, token));
      if (use.kind === 'refused') {
        clearRefreshCookie(reply, config);
        throw sessionEnded();
      }
      if (use.kind === 'reused') {
        // A rotated token came back: whoever holds it, the session can no longer be trusted.
        await sessions.end(use.subject.sessionId, 'refresh-token-reused');
        request.log.warn(
          { sessionId: use.subject.sessionId },
          'refresh token reused: session ended',
        );
        clearRefreshCookie(reply, config);
        throw sessionEnded();
      }
      const { subject } = use;
      const membership = (await getMemberships(db, subject.userId)).find(
        (m) => m.organisationId === subject.organisationId,
      );
      if (!membership) throw sessionEnded();
      return db.transaction(async (tx) => {
        await extendSession(tx, subject.sessionId, config.refreshTokenTtlS);
        return issueTokens(tx, reply, { keys, config }, subject, membership);
      });
    },
  );

  app.post(
    endpoints.auth.logout,
    { config: { access: 'public' }, schema: { tags: ['auth'] } },
    async (request, reply) => {
      // Whichever the caller still has: the cookie's session, and the bearer token's.
      const ended = new Set<string>();
      const cookie = refreshCookie(request);
      if (cookie) {
        const sessionId = await sessionOfRefreshToken(db, cookie);
        if (sessionId) ended.add(sessionId);
      }
      const bearer = bearerToken(request);
      const claims = bearer ? verifyAccessToken(keys, bearer) : undefined;
      if (claims) ended.add(claims.sid);
      for (const sessionId of ended) await sessions.end(sessionId, 'signed-out');
      clearRefreshCookie(reply, config);
      return reply.code(204).send();
    },
  );

  app.post(
    endpoints.auth.exchange,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ExchangeBody, response: tokenReply },
    },
    async (request, reply) => {
      const claims = verifyAccessToken(keys, request.body.token);
      if (!claims || !(await sessions.isLive(claims.sid)))
        throw unauthorised('The token is expired or invalid, or its session has ended');
      // An API client's token (issue 43) stays within its scopes: it is no person's to exchange.
      if (claims.scp) throw forbidden('An API client cannot exchange its token');
      const membership = (await getMemberships(db, claims.sub)).find(
        (m) => m.organisationId === request.body.organisationID,
      );
      if (!membership) throw forbidden('You are not a member of that organisation');
      return db.transaction((tx) =>
        issueTokens(
          tx,
          reply,
          { keys, config },
          { userId: claims.sub, sessionId: claims.sid },
          membership,
        ),
      );
    },
  );
};
