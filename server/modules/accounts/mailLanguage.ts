// Which language an account mail is written in: the recipient's own choice when they have an
// account that made one; else the language of whoever caused it (the inviter's, or the first the
// asking browser accepts that the portal speaks); else English.
import type { Queryable } from '../../db/database.ts';
import { isMailLanguage, type MailLanguage } from '../mail/index.ts';

/** The first language of an Accept-Language header that the mails speak. */
export function acceptedLanguage(header: string | undefined): MailLanguage | undefined {
  for (const part of (header ?? '').split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isMailLanguage(primary)) return primary;
  }
  return undefined;
}

async function chosenLanguage(
  db: Queryable,
  where: 'id' | 'email',
  value: string,
): Promise<MailLanguage | undefined> {
  const [row] = await db.query<{ language: string | null }>(
    where === 'id'
      ? `SELECT settings->>'language' AS language FROM app_user WHERE id = $1`
      : `SELECT settings->>'language' AS language FROM app_user WHERE lower(email) = lower($1)`,
    [value],
  );
  return isMailLanguage(row?.language) ? row.language : undefined;
}

/** The language a member chose in their settings; undefined when none. */
export const userLanguage = (db: Queryable, userId: string): Promise<MailLanguage | undefined> =>
  chosenLanguage(db, 'id', userId);

export async function mailLanguage(
  db: Queryable,
  recipient: string,
  otherwise: { userId?: string | null; acceptLanguage?: string },
): Promise<MailLanguage> {
  return (
    (await chosenLanguage(db, 'email', recipient)) ??
    (otherwise.userId ? await chosenLanguage(db, 'id', otherwise.userId) : undefined) ??
    acceptedLanguage(otherwise.acceptLanguage) ??
    'en'
  );
}
