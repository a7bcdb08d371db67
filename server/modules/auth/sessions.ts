// Sign-in sessions: opened at sign-in, slid forward by each refresh, ended by sign-out or by the
// replay of a rotated refresh token. Access tokens name their session and are refused once it ends.
import type { Queryable } from '../../db/database.ts';

/** How long a positive liveness check is trusted in this process before the database is asked again. */
const LIVE_CACHE_MS = 5_000;

export async function openSession(db: Queryable, userId: string, ttlS: number): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_session (user_id, expires_at) VALUES ($1, now() + make_interval(secs => $2))
     RETURNING id`,
    [userId, ttlS],
  );
  if (!row) throw new Error('no session id returned');
  return row.id;
}

export async function extendSession(db: Queryable, sessionId: string, ttlS: number): Promise<void> {
  await db.query(
    `UPDATE auth_session SET expires_at = now() + make_interval(secs => $2)
      WHERE id = $1 AND ended_at IS NULL`,
    [sessionId, ttlS],
  );
}

/**
 * Which sessions are live, cached briefly per process: every authenticated request asks, and a
 * sign-out in this process forgets its session at once (other processes within LIVE_CACHE_MS).
 */
export class SessionRegistry {
  private readonly checked = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  async isLive(sessionId: string): Promise<boolean> {
    const at = this.checked.get(sessionId);
    if (at !== undefined && this.now() - at < LIVE_CACHE_MS) return true;
    const rows = await this.db.query<{ live: boolean }>(
      `SELECT true AS live FROM auth_session
        WHERE id = $1 AND ended_at IS NULL AND expires_at > now()`,
      [sessionId],
    );
    if (rows.length === 0) {
      this.checked.delete(sessionId);
      return false;
    }
    // Bounded: a busy server forgets old entries rather than growing without end.
    if (this.checked.size > 100_000) this.checked.clear();
    this.checked.set(sessionId, this.now());
    return true;
  }

  /** Ends a session and revokes its refresh tokens. */
  async end(sessionId: string, reason: string): Promise<void> {
    this.checked.delete(sessionId);
    await this.db.query(
      `UPDATE auth_session SET ended_at = now(), end_reason = $2 WHERE id = $1 AND ended_at IS NULL`,
      [sessionId, reason],
    );
    await this.db.query(
      `UPDATE refresh_token SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL`,
      [sessionId],
    );
  }
}
