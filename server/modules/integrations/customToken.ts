// The tokens integrating applications sign to hand a person over (/int_fftools): a JWT signed with
// HS256 by the application's shared secret (CUSTOM_TOKEN_ISSUERS), checked by `jose`. It must name
// its issuer (`iss`), our portal as audience (`aud`, PUBLIC_URL), the person's `email`, an id
// (`jti`), and live at most five minutes (`iat`, `exp`); `org` may pick the organisation. Each
// token is taken once.
import { decodeJwt, jwtVerify } from 'jose';
import { CUSTOM_TOKEN_INVALID } from '../../../src/domain/api/customToken.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';

export const CUSTOM_TOKEN_MAX_AGE_S = 300;

export interface CustomTokenClaims {
  issuer: string;
  tokenId: string;
  email: string;
  organisationId: string | undefined;
  expiresAt: Date;
}

export const customTokenRefused = (why: string) =>
  new HttpError(401, CUSTOM_TOKEN_INVALID, `The sign-in token was refused: ${why}`);

export async function verifyCustomToken(
  token: string,
  issuers: Record<string, string>,
  audience: string,
): Promise<CustomTokenClaims> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    throw customTokenRefused('it is not a JWT');
  }
  const secret = typeof issuer === 'string' ? issuers[issuer] : undefined;
  if (typeof issuer !== 'string' || !secret)
    throw customTokenRefused('its issuer is not one this portal trusts');
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer,
      audience,
      maxTokenAge: CUSTOM_TOKEN_MAX_AGE_S,
      requiredClaims: ['iat', 'exp', 'jti', 'email'],
    });
    if (typeof payload.email !== 'string' || typeof payload.jti !== 'string')
      throw new Error('email and jti must be strings');
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > CUSTOM_TOKEN_MAX_AGE_S)
      throw new Error(`it may live at most ${CUSTOM_TOKEN_MAX_AGE_S} s`);
    if (payload.org !== undefined && typeof payload.org !== 'string')
      throw new Error('org must be an organisation id');
    return {
      issuer,
      tokenId: payload.jti,
      email: payload.email.toLowerCase(),
      organisationId: payload.org,
      expiresAt: new Date((payload.exp ?? 0) * 1000),
    };
  } catch (error) {
    throw customTokenRefused((error as Error).message);
  }
}

/** Takes the token once; a second use is refused. */
export async function spendCustomToken(db: Queryable, claims: CustomTokenClaims): Promise<void> {
  await db.query('DELETE FROM custom_token_use WHERE expires_at < now()');
  const taken = await db.query(
    `INSERT INTO custom_token_use (issuer, token_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING token_id`,
    [claims.issuer, claims.tokenId, claims.expiresAt],
  );
  if (taken.length === 0) throw customTokenRefused('it was already used');
}
