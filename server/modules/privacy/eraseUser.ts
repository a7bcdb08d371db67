// Erasing one person (docs/privacy.md): their sessions end, their account and what hangs on it go
// (memberships, tokens, saved filters, alert subscriptions: the foreign keys cascade), mail to
// them leaves the outbox, reports made for them are deleted with their files, and every other
// mention — audit entries, a check they signed, a list of recipients — keeps only a pseudonym.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { SessionRegistry } from '../../security/sessions.ts';
import type { FileStorage } from '../../storage/fileStorage.ts';
import { countedRows } from './rows.ts';
import { sweepTraces } from './sweep.ts';

/** The same person always gets the same pseudonym, so audit entries stay linked to each other. */
export const pseudonymOf = (userId: string) =>
  `erased-${createHash('sha256').update(userId).digest('hex').slice(0, 12)}`;

export interface Erased {
  subject: Record<string, string>;
  removed: Record<string, number>;
}

export async function eraseUser(
  context: { db: Database; sessions: SessionRegistry; files: FileStorage },
  userId: string,
  progress: (share: number, step: string) => Promise<void>,
): Promise<Erased | undefined> {
  const { db, sessions, files } = context;
  const [user] = await db.query<{ email: string; name: string }>(
    `SELECT email, trim(first_name || ' ' || last_name) AS name FROM app_user WHERE id = $1`,
    [userId],
  );
  if (!user) return undefined;
  const pseudonym = pseudonymOf(userId);
  const removed: Record<string, number> = {};
  const count = (table: string, n: number) => {
    if (n > 0) removed[table] = (removed[table] ?? 0) + n;
  };

  await progress(0.1, 'sessions');
  const live = await db.query<{ id: string }>(
    'SELECT id FROM auth_session WHERE user_id = $1 AND ended_at IS NULL',
    [userId],
  );
  for (const { id } of live) await sessions.end(id, 'user-erased');

  await progress(0.2, 'audit');
  count(
    'audit_event',
    await countedRows(
      db,
      `UPDATE audit_event SET actor_email = $2, address = NULL WHERE actor_user_id = $1`,
      [userId, pseudonym],
    ),
  );
  count(
    'audit_event',
    await countedRows(
      db,
      `UPDATE audit_event SET details = details || jsonb_build_object('subject', $2::text)
        WHERE subject_user_id = $1`,
      [userId, pseudonym],
    ),
  );

  await progress(0.3, 'mail');
  const email = user.email.toLowerCase();
  count(
    'mail_outbox',
    await countedRows(db, 'DELETE FROM mail_outbox WHERE lower(to_address) = $1', [email]),
  );
  count(
    'mail_suppression',
    await countedRows(db, 'DELETE FROM mail_suppression WHERE lower(email) = $1', [email]),
  );
  count(
    'unsubscribe_token',
    await countedRows(db, 'DELETE FROM unsubscribe_token WHERE lower(email) = $1', [email]),
  );
  count(
    'report_schedule',
    await countedRows(
      db,
      `UPDATE report_schedule SET recipient_user_ids = array_remove(recipient_user_ids, $1::uuid)
        WHERE $1::uuid = ANY(recipient_user_ids)`,
      [userId],
    ),
  );

  await progress(0.4, 'reports');
  const reports = await db.query<{ file_key: string | null }>(
    'DELETE FROM report_file WHERE user_id = $1 RETURNING file_key',
    [userId],
  );
  for (const { file_key } of reports) if (file_key) await files.remove(file_key);
  count('report_file', reports.length);

  await progress(0.5, 'account');
  count('app_user', await countedRows(db, 'DELETE FROM app_user WHERE id = $1', [userId]));

  await progress(0.6, 'mentions');
  for (const [column, n] of Object.entries(
    await sweepTraces(db, [user.email, user.name], pseudonym),
  ))
    count(column, n);
  return { subject: { userId, pseudonym }, removed };
}
