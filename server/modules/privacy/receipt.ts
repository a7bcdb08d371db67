// An erasure's receipt (docs/privacy.md): what was removed, signed with the portal's key as a
// compact JWS whose payload is the receipt itself, so that anyone holding the public keys
// (GET /v1/privacy/keys) can check it was issued here and not changed since.
import { CompactSign, compactVerify, exportJWK } from 'jose';
import type { ErasureReceipt, PublicKeySet, ReceiptBody } from '../../../src/domain/api/privacy.ts';
import type { KeyRing } from '../../security/signingKeys.ts';

export async function signReceipt(keys: KeyRing, receipt: ReceiptBody): Promise<ErasureReceipt> {
  const signature = await new CompactSign(new TextEncoder().encode(JSON.stringify(receipt)))
    .setProtectedHeader({ alg: 'EdDSA', kid: keys.current.kid, typ: 'erasure-receipt+json' })
    .sign(keys.current.privateKey);
  return { receipt, signature };
}

/** Sorted keys at every depth: the same receipt whatever order its fields arrive in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, canonical(item)]),
    );
  return value;
}

/** Whether one of the portal's keys signed this very receipt. */
export async function verifyReceipt(keys: KeyRing, given: ErasureReceipt): Promise<boolean> {
  try {
    const { payload } = await compactVerify(
      given.signature,
      (header) => {
        const key = header.kid ? keys.byKid.get(header.kid) : undefined;
        if (!key) throw new Error('unknown key');
        return key.publicKey;
      },
      { algorithms: ['EdDSA'] },
    );
    const signed: unknown = JSON.parse(new TextDecoder().decode(payload));
    return JSON.stringify(canonical(signed)) === JSON.stringify(canonical(given.receipt));
  } catch {
    return false;
  }
}

/** The public keys that verify receipts, as a JSON Web Key Set. */
export async function publicKeySet(keys: KeyRing): Promise<PublicKeySet> {
  return {
    keys: await Promise.all(
      [...keys.byKid.values()].map(async (key) => {
        const { kty = 'OKP', crv = 'Ed25519', x = '' } = await exportJWK(key.publicKey);
        return { kty, crv, x, kid: key.kid, alg: 'EdDSA', use: 'sig' };
      }),
    ),
  };
}
