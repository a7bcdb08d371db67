// Refresh tokens: opaque random strings, stored only as hashes, rotated on every use. A rotated
// token that comes back after a short grace is taken as stolen: its whole session is ended.
import type { Queryable } from '../../db/database.ts';
import { hashSecret as hash, newSecret } from '../../security/secrets.ts';

/**
 * A rotated token used again this soon is a second tab refreshing with the cookie the first tab
 * has just replaced, not a thief: it gets tokens of the same session instead of ending it.
 */
export const REUSE_GRACE_S = 20;

export interface RefreshSubject {
  userId: string;
  organisationId: string;
  sessionId: string;
}

export async function issueRefreshToken(
  db: Queryable,
  subject: RefreshSubject,
  ttlS: number,
): Promise<string> {
  const token = newSecret();
  await db.query(
    `INSERT INTO refresh_token (token_hash, user_id, organisation_id, session_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hash(token), subject.userId, subject.organisationId, subject.sessionId, ttlS],
  );
  return token;
}

export type RefreshUse =
  | { kind: 'fresh'; subject: RefreshSubject }
  | { kind: 'reused'; subject: RefreshSubject }
  | { kind: 'refused' };

/**
 * Spends a refresh token: 'fresh' for a live one (now revoked), 'reused' for one already rotated
 * past the grace while its session still lives (the caller ends the session), else 'refused'.
 */
export async function useRefreshToken(db: Queryable, token: string): Promise<RefreshUse> {
  const rows = await db.query<{
    user_id: string;
    organisation_id: string;
    session_id: string;
    was_revoked: boolean;
    within_grace: boolean;
  }>(
    `WITH found AS (
       SELECT t.id, t.revoked_at FROM refresh_token t JOIN auth_session s ON s.id = t.session_id
        WHERE t.token_hash = $1 AND t.expires_at > now()
          AND s.ended_at IS NULL AND s.expires_at > now()
        FOR UPDATE OF t)
     UPDATE refresh_token t SET revoked_at = coalesce(t.revoked_at, now())
       FROM found WHERE t.id = found.id
     RETURNING t.user_id, t.organisation_id, t.session_id,
               found.revoked_at IS NOT NULL AS was_revoked,
               coalesce(found.revoked_at > now() - make_interval(secs => $2), false) AS within_grace`,
    [hash(token), REUSE_GRACE_S],
  );
  const row = rows[0];
  if (!row) return { kind: 'refused' };
  const subject = {
    userId: row.user_id,
    organisationId: row.organisation_id,
    sessionId: row.session_id,
  };
  return row.was_revoked && !row.within_grace
    ? { kind: 'reused', subject }
    : { kind: 'fresh', subject };
}

/** The session a refresh token belongs to, live or not, for sign-out. */
export async function sessionOfRefreshToken(
  db: Queryable,
  token: string,
): Promise<string | undefined> {
  const rows = await db.query<{ session_id: string }>(
    'SELECT session_id FROM refresh_token WHERE token_hash = $1',
    [hash(token)],
  );
  return rows[0]?.session_id;
}
