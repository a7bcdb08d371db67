// Sign-in options, sign-in, refresh, sign-out and organisation exchange. The refresh token lives
// only in an HttpOnly cookie scoped to /v1/auth, so a script in the page cannot take a 30-day
// session away; the access token is kept in the page's memory.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExchangeBody,
  LoginBody,
  LoginOptionsBody,
  LoginOptionsReply,
  TokenReply,
} from '../../../src/domain/api/auth.ts';
import { EMAIL_NOT_CONFIRMED } from '../../../src/domain/api/accounts.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, forbidden, HttpError, unauthorised } from '../../httpError.ts';
import { bearerToken } from '../../plugins/access.ts';
import {
  getMemberships,
  findUserForSignIn,
  recordSignIn,
  type Membership,
} from '../users/index.ts';
import { decoyPasswordHash, verifyPassword } from '../../security/passwords.ts';
import { clearRefreshCookie, issueTokens, refreshCookie } from './issueTokens.ts';
import { sessionOfRefreshToken, useRefreshToken } from './refreshTokens.ts';
import { extendSession, openSession } from '../../security/sessions.ts';
import { releaseAttempt, throttle } from '../../security/throttle.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { SecondFactorSetup } from '../../../src/domain/api/secondFactor.ts';
import { requiredBy, secondFactorGate, startSetup } from '../secondFactor/index.ts';
import { mailSecondFactorGuessed } from '../accounts/index.ts';

const tokenReply = { 200: TokenReply };

const sessionEnded = () =>
  new HttpError(401, ERROR_CODES.invalidRefreshToken, 'The session has expired or was ended');

export const authRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, keys, config, signInLimits, sessions } = context;
  const tokens = (
    tx: Queryable,
    reply: FastifyReply,
    subject: { userId: string; sessionId: string },
    membership: Membership,
  ) => issueTokens(tx, reply, { keys, config }, subject, membership);
  const clearCookie = (reply: FastifyReply) => clearRefreshCookie(reply, config);

  /**
   * The account an e-mail and password sign in to, or the one refusal for a wrong address or
   * password. Attempts are reserved before the password is checked, so concurrent guesses count as
   * they arrive; `release` gives the attempt back once the sign-in may go on.
   */
  async function checkPassword(body: { email: string; password: string }, ip: string) {
    const email = body.email.toLowerCase();
    const pairKey = `pair:${email}|${ip}`;
    const ceilingKeys = [`email:${email}`, `address:${ip}`];
    for (const [key, limits] of [
      [pairKey, signInLimits.pair],
      [ceilingKeys[0], signInLimits.email],
      [ceilingKeys[1], signInLimits.address],
    ] as const) {
      await throttle(db, key as string, limits, 'failed sign-ins');
    }
    const user = await findUserForSignIn(db, body.email);
    const passwordMatches = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (user && passwordMatches && !user.emailConfirmed) {
      // Only the address's owner, who knows the password, learns this.
      throw new HttpError(
        403,
        EMAIL_NOT_CONFIRMED,
        'Confirm your e-mail address with the link we sent before signing in',
      );
    }
    const memberships = user && passwordMatches ? await getMemberships(db, user.id) : [];
    const membership = memberships[0];
    if (!user || !membership) {
      // One message whether the e-mail is unknown or the password wrong.
      throw new HttpError(
        401,
        ERROR_CODES.invalidCredentials,
        'The e-mail address or password is incorrect',
      );
    }
    return { user, membership, release: () => releaseAttempt(db, pairKey, ceilingKeys) };
  }

  /** The owner is told once, by mail, when wrong codes reach the account's ceiling. */
  async function codeRefused(email: string, codeKey: string, request: FastifyRequest) {
    const [counted] = await db.query<{ failures: number }>(
      'SELECT failures FROM login_throttle WHERE throttle_key = $1',
      [codeKey],
    );
    if (counted?.failures !== signInLimits.secondFactor.maxFailures) return;
    await mailSecondFactorGuessed(db, config, request.log, {
      to: email.toLowerCase(),
      failures: counted.failures,
      acceptLanguage: request.headers['accept-language'],
    });
  }

  app.post(
    '/v1/portal/users/loginoptions',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginOptionsBody, response: { 200: LoginOptionsReply } },
    },
    async (request) => {
      const domain = request.body.email.split('@').pop() ?? '';
      const rows = await db.query<LoginOptionsReply>(
        'SELECT provider, type FROM sso_provider WHERE lower(email_domain) = lower($1)',
        [domain],
      );
      return rows[0] ?? {};
    },
  );

  app.post(
    '/v1/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: tokenReply },
    },
    async (request, reply) => {
      const { user, membership, release } = await checkPassword(request.body, request.ip);
      // A code is counted per account before it is checked, from whichever address it comes.
      const codeKey = `second-factor:${user.id}`;
      if (request.body.code)
        await throttle(db, codeKey, signInLimits.secondFactor, 'wrong sign-in codes');
      const gate = await secondFactorGate(db, user.id, request.body.code);
      if (gate.kind === 'ask') await release();
      if (gate.kind === 'refused') await codeRefused(request.body.email, codeKey, request);
      if (gate.kind !== 'pass') throw gate.error;
      await release();
      if (request.body.code)
        await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [codeKey]);
      const signedIn = await db.transaction(async (tx) => {
        await recordSignIn(tx, user.id);
        const sessionId = await openSession(tx, user.id, config.refreshTokenTtlS);
        return tokens(tx, reply, { userId: user.id, sessionId }, membership);
      });
      return gate.recoveryCodes ? { ...signedIn, recoveryCodes: gate.recoveryCodes } : signedIn;
    },
  );

  app.post(
    '/v1/auth/second-factor/setup',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: SecondFactorSetup } },
    },
    async (request) => {
      // Signing in to an organisation that requires a second factor, without one yet.
      const { user, release } = await checkPassword(request.body, request.ip);
      if ((await requiredBy(db, user.id)).length === 0)
        throw badRequest('email', 'No organisation of this account requires two-step sign-in');
      const setup = await startSetup(db, user.id);
      if (!setup) throw conflict('Two-step sign-in is already on for this account');
      await release();
      return setup;
    },
  );

  app.post(
    '/v1/auth/refresh',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: tokenReply } },
    async (request, reply) => {
      const token = refreshCookie(request);
      if (!token) throw sessionEnded();
      const use = await db.transaction((tx) => useRefreshToken(tx, token));
      if (use.kind === 'refused') {
        clearCookie(reply);
        throw sessionEnded();
      }
      if (use.kind === 'reused') {
        // A rotated token came back: whoever holds it, the session can no longer be trusted.
        await sessions.end(use.subject.sessionId, 'refresh-token-reused');
        request.log.warn(
          { sessionId: use.subject.sessionId },
          'refresh token reused: session ended',
        );
        clearCookie(reply);
        throw sessionEnded();
      }
      const { subject } = use;
      const membership = (await getMemberships(db, subject.userId)).find(
        (m) => m.organisationId === subject.organisationId,
      );
      if (!membership) throw sessionEnded();
      return db.transaction(async (tx) => {
        await extendSession(tx, subject.sessionId, config.refreshTokenTtlS);
        return tokens(tx, reply, subject, membership);
      });
    },
  );

  app.post(
    '/v1/auth/logout',
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
      clearCookie(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/v1/auth/exchange',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ExchangeBody, response: tokenReply },
    },
    async (request, reply) => {
      const claims = verifyAccessToken(keys, request.body.token);
      if (!claims || !(await sessions.isLive(claims.sid)))
        throw unauthorised('The token is expired or invalid, or its session has ended');
      const membership = (await getMemberships(db, claims.sub)).find(
        (m) => m.organisationId === request.body.organisationID,
      );
      if (!membership) throw forbidden('You are not a member of that organisation');
      return db.transaction((tx) =>
        tokens(tx, reply, { userId: claims.sub, sessionId: claims.sid }, membership),
      );
    },
  );
};
