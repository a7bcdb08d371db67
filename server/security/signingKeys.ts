// The server's own Ed25519 signing key: created once, kept in the database, shared by every process.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import type { Database } from '../db/database.ts';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

interface KeyRow {
  kid: string;
  private_key: string;
  public_key: string;
}

export interface KeyRing {
  current: SigningKey;
  /** Keys that verify tokens, by kid: the current one and any retired ones still in the table. */
  byKid: Map<string, SigningKey>;
}

export async function loadKeyRing(db: Database): Promise<KeyRing> {
  const existing = await db.query<KeyRow>(
    'SELECT kid, private_key, public_key FROM signing_key WHERE retired_at IS NULL ORDER BY created_at LIMIT 1',
  );
  if (existing.length === 0) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    // Another process may be creating one at the same moment; the oldest row wins below.
    await db.query(
      `INSERT INTO signing_key (kid, algorithm, private_key, public_key) VALUES ($1, 'EdDSA', $2, $3)`,
      [
        randomUUID(),
        privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ],
    );
  }
  const rows = await db.query<KeyRow & { retired: boolean }>(
    `SELECT kid, private_key, public_key, retired_at IS NOT NULL AS retired
       FROM signing_key ORDER BY retired_at NULLS FIRST, created_at`,
  );
  const keys = rows.map((row) => ({
    kid: row.kid,
    privateKey: createPrivateKey(row.private_key),
    publicKey: createPublicKey(row.public_key),
  }));
  const current = keys[0];
  if (!current) throw new Error('no signing key could be created');
  return { current, byKid: new Map(keys.map((key) => [key.kid, key])) };
}
