// Secrets handed to a person or a browser (refresh tokens, invitation and reset links, unsubscribe
// links): random, and stored only as a hash, so a copy of the database signs nobody in.
import { createHash, randomBytes } from 'node:crypto';

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url');
