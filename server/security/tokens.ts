// Access tokens: compact JWTs signed with EdDSA (Ed25519) by the server's own key.
import { randomUUID, sign, verify } from 'node:crypto';
import { ROLES, type Role } from '../../src/domain/constants.ts';
import type { KeyRing } from './signingKeys.ts';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Organisation the token is scoped to. */
  org: string;
  role: Role;
  /** The sign-in session; the token is refused once that session ends. An API client's is its id. */
  sid: string;
  /** An API client's scopes (issue 43): set only on a client's token, which passes only routes
   * declaring one of them. */
  scp?: string[];
  iat: number;
  exp: number;
  jti: string;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signAccessToken(
  keys: KeyRing,
  subject: {
    userId: string;
    organisationId: string;
    role: Role;
    sessionId: string;
    scopes?: readonly string[];
  },
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
    ...(subject.scopes ? { scp: [...subject.scopes] } : {}),
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

/**
 * Tokens whose signature was checked, per key ring, with the key that signed them: every request
 * presents its token (to the rate limit and to the access check), and a signature check costs
 * about 0.2 ms, a fifth of serving a kept reply. Bounded; expiry and the key are checked each time.
 */
const verifiedBy = new WeakMap<KeyRing, Map<string, { claims: AccessClaims; kid: string }>>();
const MAX_VERIFIED = 10_000;

/** Returns the claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
export function verifyAccessToken(
  keys: KeyRing,
  token: string,
  now = Date.now(),
): AccessClaims | undefined {
  let verified = verifiedBy.get(keys);
  if (!verified) verifiedBy.set(keys, (verified = new Map()));
  const known = verified.get(token) ?? checkSignature(keys, token);
  if (!known || !keys.byKid.has(known.kid) || known.claims.exp * 1000 <= now) return undefined;
  if (!verified.has(token)) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, known);
  }
  return known.claims;
}

function checkSignature(
  keys: KeyRing,
  token: string,
): { claims: AccessClaims; kid: string } | undefined {
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
  return { claims: claims as unknown as AccessClaims, kid: header.kid };
}
