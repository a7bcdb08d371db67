// The kept replies of writes sent with an Idempotency-Key (migration 061).
import type { Queryable } from '../../db/database.ts';

/** How long a reply is kept: a phone's queue is sent within hours of the signal coming back. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export interface KeptReply {
  fingerprint: string;
  /** Null while the first request with the key is still being answered. */
  status: number | null;
  contentType: string | null;
  reply: string | null;
}

/**
 * Claims the key for this request: null when it is new (the caller's expired keys go first), else
 * what the key was claimed with before.
 */
export async function claimKey(
  db: Queryable,
  callerId: string,
  key: string,
  fingerprint: string,
): Promise<KeptReply | null> {
  await db.query(
    `DELETE FROM idempotent_request
      WHERE caller_id = $1 AND created_at < now() - make_interval(hours => $2)`,
    [callerId, IDEMPOTENCY_KEEP_HOURS],
  );
  const claimed = await db.query(
    `INSERT INTO idempotent_request (caller_id, idempotency_key, fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [callerId, key, fingerprint],
  );
  if (claimed.length > 0) return null;
  const [row] = await db.query<{
    fingerprint: string;
    status: number | null;
    content_type: string | null;
    reply: string | null;
  }>(
    `SELECT fingerprint, status, content_type, reply FROM idempotent_request
      WHERE caller_id = $1 AND idempotency_key = $2`,
    [callerId, key],
  );
  if (!row) return null;
  return {
    fingerprint: row.fingerprint,
    status: row.status,
    contentType: row.content_type,
    reply: row.reply,
  };
}

/** Keeps the reply the key's request got. */
export async function keepReply(
  db: Queryable,
  callerId: string,
  key: string,
  status: number,
  contentType: string | null,
  reply: string,
): Promise<void> {
  await db.query(
    `UPDATE idempotent_request SET status = $3, content_type = $4, reply = $5
      WHERE caller_id = $1 AND idempotency_key = $2`,
    [callerId, key, status, contentType, reply],
  );
}

/** Lets the key be used again: its request failed on the server's side, or its reply is not text. */
export async function releaseKey(db: Queryable, callerId: string, key: string): Promise<void> {
  await db.query('DELETE FROM idempotent_request WHERE caller_id = $1 AND idempotency_key = $2', [
    callerId,
    key,
  ]);
}
