// The end of every way of signing in (password, exchange, refresh, single sign-on): an access token
// in the reply and a new refresh token in an HttpOnly cookie scoped to /v1/auth, so a script in the
// page cannot take a 30-day session away.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenReply } from '../../../src/domain/api/auth.ts';
import { AUTH_ROOT } from '../../../src/domain/api/endpoints.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { Membership } from '../users/index.ts';
import { issueRefreshToken } from './refreshTokens.ts';
import type { KeyRing } from '../../security/signingKeys.ts';
import { signAccessToken } from '../../security/tokens.ts';

export const REFRESH_COOKIE = 'fleet_refresh';

const secure = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https:');

export async function issueTokens(
  tx: Queryable,
  reply: FastifyReply,
  context: { keys: KeyRing; config: Config },
  subject: { userId: string; sessionId: string },
  membership: Membership,
): Promise<TokenReply> {
  const { keys, config } = context;
  const claims = { ...subject, organisationId: membership.organisationId, role: membership.role };
  const refreshToken = await issueRefreshToken(tx, claims, config.refreshTokenTtlS);
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure: secure(config),
    sameSite: 'strict',
    path: AUTH_ROOT,
    maxAge: config.refreshTokenTtlS,
  });
  return {
    token: signAccessToken(keys, claims, config.accessTokenTtlS),
    expiresIn: config.accessTokenTtlS,
  };
}

export const refreshCookie = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

export const clearRefreshCookie = (reply: FastifyReply, config: Pick<Config, 'publicUrl'>) =>
  reply.clearCookie(REFRESH_COOKIE, {
    path: AUTH_ROOT,
    secure: secure(config),
    sameSite: 'strict',
  });
