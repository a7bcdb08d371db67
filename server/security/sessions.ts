// Sign-in sessions: opened at sign-in, slid forward by each refresh, ended by sign-out or by the
// replay of a rotated refresh token. Access tokens name their session and are refused once it ends.
import type { Queryable } from '../db/database.ts';
import { AccessCache } from './accessCache.ts';

/** How long a positive liveness check is trusted in this process before the database is asked again. */
const LIVE_CACHE_MS = 5_000;
const MAX_HELD = 100_000;

/** Who opened a session, as its owner sees it in their list of sessions. */
export interface SessionClient {
  userAgent: string | undefined;
  address: string;
}

/** The browser and address of a request, kept with the session it opens. */
export const sessionClient = (request: {
  ip: string;
  headers: { 'user-agent'?: string };
}): SessionClient => ({
  userAgent: request.headers['user-agent']?.slice(0, 512),
  address: request.ip,
});

export async function openSession(
  db: Queryable,
  userId: string,
  ttlS: number,
  client: SessionClient,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_session (user_id, expires_at, user_agent, address)
     VALUES ($1, now() + make_interval(secs => $2), $3, $4)
     RETURNING id`,
    [userId, ttlS, client.userAgent ?? null, client.address],
  );
  if (!row) throw new Error('no session id returned');
  return row.id;
}

export async function extendSession(db: Queryable, sessionId: string, ttlS: number): Promise<void> {
  await db.query(
    `UPDATE auth_session SET expires_at = now() + make_interval(secs => $2), last_used_at = now()
      WHERE id = $1 AND ended_at IS NULL`,
    [sessionId, ttlS],
  );
}

/**
 * Which sessions are live, cached briefly per process: every authenticated request asks. A session
 * ended in this process is forgotten at once; one ended by another process as soon as its notice
 * arrives (accessChanges.ts), or within LIVE_CACHE_MS where no notices are heard.
 */
export class SessionRegistry {
  /** Only live sessions are held: an ended one is asked about again until refused. */
  private readonly live: AccessCache<true>;

  constructor(
    private readonly db: Queryable,
    now: () => number = Date.now,
  ) {
    this.live = new AccessCache(LIVE_CACHE_MS, now, MAX_HELD);
  }

  async isLive(sessionId: string): Promise<boolean> {
    const live = await this.live.get(sessionId, async () => {
      const rows = await this.db.query<{ live: boolean }>(
        // A live session's last use is noted here, at most once a minute: its owner's list of
        // sessions shows it. An API client's tokens name the client as their session (issue 43).
        `WITH live AS (
           SELECT id, last_used_at FROM auth_session
            WHERE id = $1 AND ended_at IS NULL AND expires_at > now()
         ), used AS (
           UPDATE auth_session SET last_used_at = now()
            WHERE id IN (SELECT id FROM live WHERE last_used_at < now() - interval '1 minute')
         )
         SELECT true AS live FROM live
         UNION ALL
         SELECT true FROM api_client
          WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
        [sessionId],
      );
      return rows.length > 0 ? true : undefined;
    });
    return live === true;
  }

  /** The session ended or was deleted: ask the database when next asked. */
  forget(sessionId: string): void {
    this.live.forget(sessionId);
  }

  /** Notices may have been missed: ask the database again for every session. */
  forgetAll(): void {
    this.live.forgetAll();
  }

  /** Ends a session and revokes its refresh tokens. */
  async end(sessionId: string, reason: string): Promise<void> {
    this.forget(sessionId);
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
