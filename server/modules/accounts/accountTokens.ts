// Single-use secrets sent by e-mail: an invitation, a password reset, a registration confirmation.
// Only the hash is stored; a newer token of the same purpose for the same user (and organisation)
// revokes the older ones, so only the latest link works.
import type { Queryable } from '../../db/database.ts';
import { hashSecret, newSecret } from '../../security/secrets.ts';

export type TokenPurpose = 'invitation' | 'password-reset' | 'registration';

export interface AccountToken {
  id: string;
  userId: string;
  organisationId: string | null;
  createdBy: string | null;
  expiresAt: Date;
  /** What a holder of this token may do with it now. */
  state: 'valid' | 'expired' | 'used' | 'revoked';
}

export async function issueAccountToken(
  db: Queryable,
  purpose: TokenPurpose,
  subject: { userId: string; organisationId?: string; createdBy?: string },
  ttlS: number,
): Promise<{ token: string; expiresAt: Date }> {
  await revokeAccountTokens(db, purpose, subject.userId, subject.organisationId);
  const token = newSecret();
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO account_token (purpose, token_hash, user_id, organisation_id, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [
      purpose,
      hashSecret(token),
      subject.userId,
      subject.organisationId ?? null,
      subject.createdBy ?? null,
      ttlS,
    ],
  );
  if (!row) throw new Error('no account token stored');
  return { token, expiresAt: row.expires_at };
}

export async function revokeAccountTokens(
  db: Queryable,
  purpose: TokenPurpose,
  userId: string,
  organisationId?: string,
): Promise<void> {
  await db.query(
    `UPDATE account_token SET revoked_at = now()
      WHERE purpose = $1 AND user_id = $2 AND ($3::uuid IS NULL OR organisation_id = $3)
        AND used_at IS NULL AND revoked_at IS NULL`,
    [purpose, userId, organisationId ?? null],
  );
}

/** The token of that purpose, whatever its state; undefined when no such token was ever issued. */
export async function findAccountToken(
  db: Queryable,
  purpose: TokenPurpose,
  token: string,
): Promise<AccountToken | undefined> {
  const [row] = await db.query<{
    id: string;
    user_id: string;
    organisation_id: string | null;
    created_by: string | null;
    expires_at: Date;
    used: boolean;
    revoked: boolean;
    expired: boolean;
  }>(
    `SELECT id, user_id, organisation_id, created_by, expires_at,
            used_at IS NOT NULL AS used, revoked_at IS NOT NULL AS revoked,
            expires_at <= now() AS expired
       FROM account_token WHERE purpose = $1 AND token_hash = $2`,
    [purpose, hashSecret(token)],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    organisationId: row.organisation_id,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    state: row.used ? 'used' : row.revoked ? 'revoked' : row.expired ? 'expired' : 'valid',
  };
}

/**
 * Marks the token used, once: false when another request used it first, so two concurrent
 * acceptances of one link cannot both succeed.
 */
export async function useAccountToken(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE account_token SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      RETURNING id`,
    [id],
  );
  return rows.length > 0;
}
