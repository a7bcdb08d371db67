// Signed, expiring claims for a purpose of their own (a report link, an export's download): signed
// with the server's own keys (jose, EdDSA), each purpose its own audience, so that none is ever
// taken for another's or for an access token.
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { KeyRing } from './signingKeys.ts';

const ISSUER = 'fleet-portal';

export async function signClaims(
  keys: KeyRing,
  purpose: string,
  claims: JWTPayload,
  ttlS: number,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: keys.current.kid })
    .setIssuer(ISSUER)
    .setAudience(purpose)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .sign(keys.current.privateKey);
}

/** The claims, if the token is this purpose's, signed by one of the keys and not expired. */
export async function verifyClaims(
  keys: KeyRing,
  purpose: string,
  token: string,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid ? keys.byKid.get(header.kid) : undefined;
        if (!key) throw new Error('unknown key');
        return key.publicKey;
      },
      { issuer: ISSUER, audience: purpose, algorithms: ['EdDSA'] },
    );
    return payload;
  } catch {
    return undefined;
  }
}
