// Throttles repeated failed sign-ins per e-mail and per address, in the database so every process agrees.
import type { Queryable } from '../../db/database.ts';

export interface ThrottleLimits {
  /** Failures allowed in one window before the key is blocked. */
  maxFailures: number;
  windowS: number;
  blockS: number;
}

export const EMAIL_LIMITS: ThrottleLimits = { maxFailures: 5, windowS: 900, blockS: 900 };
export const ADDRESS_LIMITS: ThrottleLimits = { maxFailures: 30, windowS: 900, blockS: 900 };

/** Seconds until the first of `keys` is unblocked, or 0 when none is blocked. */
export async function secondsBlocked(db: Queryable, keys: string[]): Promise<number> {
  const rows = await db.query<{ wait_s: number }>(
    `SELECT ceil(extract(epoch FROM max(blocked_until) - now()))::integer AS wait_s
       FROM login_throttle WHERE throttle_key = ANY($1) AND blocked_until > now()`,
    [keys],
  );
  return rows[0]?.wait_s ?? 0;
}

export async function recordFailure(
  db: Queryable,
  key: string,
  limits: ThrottleLimits,
): Promise<void> {
  await db.query(
    `INSERT INTO login_throttle AS t (throttle_key, failures, window_started_at)
     VALUES ($1, 1, now())
     ON CONFLICT (throttle_key) DO UPDATE SET
       failures = CASE WHEN t.window_started_at < now() - make_interval(secs => $2) THEN 1 ELSE t.failures + 1 END,
       window_started_at = CASE WHEN t.window_started_at < now() - make_interval(secs => $2)
                                THEN now() ELSE t.window_started_at END`,
    [key, limits.windowS],
  );
  await db.query(
    `UPDATE login_throttle SET blocked_until = now() + make_interval(secs => $3), failures = 0, window_started_at = now()
      WHERE throttle_key = $1 AND failures >= $2`,
    [key, limits.maxFailures, limits.blockS],
  );
}

export async function clearFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE throttle_key = $1', [key]);
}
