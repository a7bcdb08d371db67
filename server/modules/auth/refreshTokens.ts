// Refresh tokens: opaque random strings, stored only as hashes, rotated on every use, revoked on sign-out.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function issueRefreshToken(
  db: Queryable,
  subject: { userId: string; organisationId: string },
  ttlS: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_token (token_hash, user_id, organisation_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hash(token), subject.userId, subject.organisationId, ttlS],
  );
  return token;
}

/** Revokes a live refresh token and returns whose it was; undefined for an unknown, spent or expired one. */
export async function consumeRefreshToken(
  db: Queryable,
  token: string,
): Promise<{ userId: string; organisationId: string } | undefined> {
  const rows = await db.query<{ user_id: string; organisation_id: string }>(
    `UPDATE refresh_token SET revoked_at = now()
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
      RETURNING user_id, organisation_id`,
    [hash(token)],
  );
  const row = rows[0];
  return row && { userId: row.user_id, organisationId: row.organisation_id };
}
