// Access tokens: compact JWTs signed with EdDSA (Ed25519) by the server's own key.
import { randomUUID, sign, verify } from 'node:crypto';
import { ROLES, type Role } from '../../../src/domain/constants.ts';
import type { KeyRing } from './signingKeys.ts';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Organisation the token is scoped to. */
  org: string;
  role: Role;
  /** The sign-in session; the token is refused once that session ends. */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signAccessToken(
  keys: KeyRing,
  subject: { userId: string; organisationId: string; role: Role; sessionId: string },
  ttlS: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const header = encode({ alg: 'EdDSA', typ: 'JWT', kid: keys.current.kid });
  const claims: AccessClaims = {
    sub: subject.userId,
    org: subject.organisationId,
    role: subject.role,
    sid: subject.sessionId,
    iat,
    exp: iat + ttlS,
    jti: randomUUID(),
  };
  const input = `${header}.${encode(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), keys.current.privateKey).toString('base64url')}`;
}

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
export function verifyAccessToken(
  keys: KeyRing,
  token: string,
  now = Date.now(),
): AccessClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = parseJson(headerPart);
  if (header?.alg !== 'EdDSA' || typeof header.kid !== 'string') return undefined;
  const key = keys.byKid.get(header.kid);
  if (!key) return undefined;
  const valid = verify(
    null,
    Buffer.from(`${headerPart}.${claimsPart}`),
    key.publicKey,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!valid) return undefined;
  const claims = parseJson(claimsPart);
  if (
    !claims ||
    typeof claims.sub !== 'string' ||
    typeof claims.org !== 'string' ||
    typeof claims.sid !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number' ||
    !(ROLES as readonly unknown[]).includes(claims.role)
  ) {
    return undefined;
  }
  if (claims.exp * 1000 <= now) return undefined;
  return claims as unknown as AccessClaims;
}
