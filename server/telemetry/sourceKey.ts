// A source's key for the generic JSON ingest: only its hash is stored, and a request's key is
// hashed the same way to find its source.
import { createHash, randomBytes } from 'node:crypto';

export const hashSourceKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A new key, shown once to whoever asked for it. */
export const newSourceKey = () => `fpk_${randomBytes(24).toString('base64url')}`;
