// The unsubscribe link of each mail: a secret naming the address and the kind of mail, usable
// without signing in (spec point 7: POST /v1/users/unsubscribe with userToken and emailType).
import { EMAIL_TYPES, type EmailType } from '../../../src/domain/api/accounts.ts';
import type { Queryable } from '../../db/database.ts';
import { hashSecret, newSecret } from '../../security/secrets.ts';

/** Long enough for an old mail's link still to work; a mail a year old is rarely read. */
const UNSUBSCRIBE_LINK_DAYS = 365;

export async function unsubscribeLink(
  db: Queryable,
  publicUrl: string,
  email: string,
  emailType: EmailType,
): Promise<string> {
  const token = newSecret();
  await db.query(
    `INSERT INTO unsubscribe_token (token_hash, email, email_type, expires_at)
     VALUES ($1, lower($2), $3, now() + make_interval(days => $4))`,
    [hashSecret(token), email, emailType, UNSUBSCRIBE_LINK_DAYS],
  );
  const query = new URLSearchParams({ userToken: token, emailType });
  return `${publicUrl.replace(/\/$/, '')}/unsubscribe?${query.toString()}`;
}

/**
 * Records that the link's address wants no more mail of the link's own kind, or of any kind when
 * its reader chose that (the outbox holds such mail back). Undefined for an unknown or expired link,
 * or one asked to stop a kind other than its own. Pressing the link again succeeds again.
 */
export async function unsubscribe(
  db: Queryable,
  token: string,
  emailType: EmailType,
  all = false,
): Promise<{ email: string; stopped: EmailType[] } | undefined> {
  const [row] = await db.query<{ email: string }>(
    `SELECT email FROM unsubscribe_token
      WHERE token_hash = $1 AND email_type = $2 AND expires_at > now()`,
    [hashSecret(token), emailType],
  );
  if (!row) return undefined;
  const stopped = all ? [...EMAIL_TYPES] : [emailType];
  await db.query(
    `INSERT INTO mail_suppression (email, email_type) SELECT $1, unnest($2::text[])
     ON CONFLICT DO NOTHING`,
    [row.email, stopped],
  );
  return { email: row.email, stopped: await suppressedTypes(db, row.email) };
}

/** The kinds of mail the address asked for no more of. */
export async function suppressedTypes(db: Queryable, email: string): Promise<EmailType[]> {
  const rows = await db.query<{ email_type: EmailType }>(
    'SELECT email_type FROM mail_suppression WHERE email = lower($1)',
    [email],
  );
  return rows.map((row) => row.email_type);
}

/** The address gets the kinds of mail in `wanted` and no others (its settings screen). */
export async function keepOnlyTypes(
  db: Queryable,
  email: string,
  wanted: readonly EmailType[],
): Promise<void> {
  await db.query('DELETE FROM mail_suppression WHERE email = lower($1)', [email]);
  for (const type of EMAIL_TYPES.filter((kind) => !wanted.includes(kind))) {
    await db.query('INSERT INTO mail_suppression (email, email_type) VALUES (lower($1), $2)', [
      email,
      type,
    ]);
  }
}
