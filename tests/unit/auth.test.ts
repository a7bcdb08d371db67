// Password hashing and access tokens, without a server.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/security/passwords.ts';
import type { KeyRing } from '../../server/security/signingKeys.ts';
import { signAccessToken, verifyAccessToken } from '../../server/security/tokens.ts';

function keyRing(kid: string): KeyRing {
  const pair = generateKeyPairSync('ed25519');
  const key = { kid, ...pair };
  return { current: key, byKid: new Map([[kid, key]]) };
}

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt, and verifies', async () => {
    const first = await hashPassword('Demo-portal-1');
    const second = await hashPassword('Demo-portal-1');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Demo-portal-1', first)).toBe(true);
    expect(await verifyPassword('demo-portal-1', first)).toBe(false);
    expect(await verifyPassword('Demo-portal-1', 'md5$abc')).toBe(false);
  });
});

describe('access tokens', () => {
  const subject = { userId: 'u1', organisationId: 'o1', role: 'viewer' as const, sessionId: 's1' };

  it('round-trips the claims until expiry', () => {
    const keys = keyRing('k1');
    const now = Date.UTC(2026, 0, 1);
    const token = signAccessToken(keys, subject, 900, now);
    expect(verifyAccessToken(keys, token, now + 899_000)).toMatchObject({
      sub: 'u1',
      org: 'o1',
      role: 'viewer',
    });
    expect(verifyAccessToken(keys, token, now + 900_000)).toBeUndefined();
  });

  it('refuses tokens from another key, with another kid, or altered', () => {
    const keys = keyRing('k1');
    const token = signAccessToken(keys, subject, 900);
    expect(verifyAccessToken(keyRing('k1'), token)).toBeUndefined();
    expect(verifyAccessToken(keyRing('k2'), token)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...subject, sub: 'u2', role: 'internal', exp: 9e9, iat: 0 }),
    ).toString('base64url');
    expect(verifyAccessToken(keys, `${header}.${forged}.${signature}`)).toBeUndefined();
    expect(verifyAccessToken(keys, 'a.b')).toBeUndefined();
    expect(verifyAccessToken(keys, '!!.??.**')).toBeUndefined();
  });
});
