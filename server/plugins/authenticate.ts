// Checks the bearer token on every authenticated route and puts its claims on the request.
import type { FastifyRequest } from 'fastify';
import { unauthorised } from '../httpError.ts';
import { verifyAccessToken, type AccessClaims } from '../modules/auth/tokens.ts';
import type { SessionRegistry } from '../modules/auth/sessions.ts';
import type { KeyRing } from '../modules/auth/signingKeys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Claims of the caller's access token; set on every authenticated route. */
    auth: AccessClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

export function authenticate(keys: KeyRing, sessions: SessionRegistry) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw unauthorised('A bearer token is required');
    const claims = verifyAccessToken(keys, token);
    if (!claims) throw unauthorised('The token is expired or invalid');
    if (!(await sessions.isLive(claims.sid))) throw unauthorised('The session has ended');
    request.auth = claims;
  };
}
