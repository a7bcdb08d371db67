// Sign-in options, sign-in, refresh, sign-out and organisation exchange.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExchangeBody,
  LoginBody,
  LoginOptionsBody,
  LoginOptionsReply,
  LogoutBody,
  RefreshBody,
  TokenReply,
} from '../../../src/domain/api/auth.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, HttpError, unauthorised } from '../../httpError.ts';
import {
  getMemberships,
  findUserForSignIn,
  recordSignIn,
  type Membership,
} from '../users/service.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { consumeRefreshToken, issueRefreshToken } from './refreshTokens.ts';
import { clearFailures, recordFailure, secondsBlocked } from './throttle.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const tokenReply = { 200: TokenReply };

export const authRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, context) => {
  const { db, keys, config, signInLimits } = context;

  async function issueTokens(
    tx: Queryable,
    userId: string,
    membership: Membership,
  ): Promise<TokenReply> {
    const subject = { userId, organisationId: membership.organisationId, role: membership.role };
    return {
      token: signAccessToken(keys, subject, config.accessTokenTtlS),
      refreshToken: await issueRefreshToken(tx, subject, config.refreshTokenTtlS),
      expiresIn: config.accessTokenTtlS,
    };
  }

  app.post(
    '/v1/portal/users/loginoptions',
    { schema: { tags: ['auth'], body: LoginOptionsBody, response: { 200: LoginOptionsReply } } },
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
    { schema: { tags: ['auth'], body: LoginBody, response: tokenReply } },
    async (request) => {
      const emailKey = `email:${request.body.email.toLowerCase()}`;
      const addressKey = `address:${request.ip}`;
      const waitS = await secondsBlocked(db, [emailKey, addressKey]);
      if (waitS > 0) {
        throw new HttpError(
          429,
          ERROR_CODES.tooManyAttempts,
          `Too many failed sign-ins; try again in ${Math.ceil(waitS / 60)} minutes`,
          undefined,
          { 'retry-after': String(waitS) },
        );
      }
      const user = await findUserForSignIn(db, request.body.email);
      const passwordMatches = await verifyPassword(
        request.body.password,
        user?.passwordHash ?? (await decoyPasswordHash()),
      );
      const memberships = user && passwordMatches ? await getMemberships(db, user.id) : [];
      const membership = memberships[0];
      if (!user || !membership) {
        await recordFailure(db, emailKey, signInLimits.email);
        await recordFailure(db, addressKey, signInLimits.address);
        // One message whether the e-mail is unknown or the password wrong.
        throw new HttpError(
          401,
          ERROR_CODES.invalidCredentials,
          'The e-mail address or password is incorrect',
        );
      }
      await clearFailures(db, emailKey);
      return db.transaction(async (tx) => {
        await recordSignIn(tx, user.id);
        return issueTokens(tx, user.id, membership);
      });
    },
  );

  app.post(
    '/v1/auth/refresh',
    { schema: { tags: ['auth'], body: RefreshBody, response: tokenReply } },
    async (request) =>
      db.transaction(async (tx) => {
        const owner = await consumeRefreshToken(tx, request.body.refreshToken);
        const membership =
          owner &&
          (await getMemberships(tx, owner.userId)).find(
            (m) => m.organisationId === owner.organisationId,
          );
        if (!owner || !membership) {
          throw new HttpError(
            401,
            ERROR_CODES.invalidRefreshToken,
            'The session has expired or was ended',
          );
        }
        return issueTokens(tx, owner.userId, membership);
      }),
  );

  app.post(
    '/v1/auth/logout',
    { schema: { tags: ['auth'], body: LogoutBody } },
    async (request, reply) => {
      if (request.body.refreshToken) await consumeRefreshToken(db, request.body.refreshToken);
      return reply.code(204).send();
    },
  );

  app.post(
    '/v1/auth/exchange',
    { schema: { tags: ['auth'], body: ExchangeBody, response: tokenReply } },
    async (request) => {
      const claims = verifyAccessToken(keys, request.body.token);
      if (!claims) throw unauthorised('The token is expired or invalid');
      const membership = (await getMemberships(db, claims.sub)).find(
        (m) => m.organisationId === request.body.organisationID,
      );
      if (!membership) throw forbidden('You are not a member of that organisation');
      return db.transaction((tx) => issueTokens(tx, claims.sub, membership));
    },
  );
};
