// Changes to users and their memberships, each inside the caller's transaction.
import type { CreateUserBody, UserPatch } from '../../../src/domain/api/users.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import { hashPassword } from '../../security/passwords.ts';
import { requireStrongPassword } from '../accounts/index.ts';

export const EMAIL_ALREADY_EXISTS = 'EMAIL_ALREADY_EXISTS';

export async function updateUser(
  db: Queryable,
  update: { id: string; organisationId: string; changes: Omit<UserPatch, 'organisationId'> },
): Promise<void> {
  const { id, organisationId, changes } = update;
  if (changes.role || changes.reportCategories) {
    // The categories are the membership's, as the reports read them (one list, one truth).
    await db.query(
      `UPDATE membership SET role = coalesce($3, role),
              report_categories = coalesce($4::text[], report_categories)
        WHERE user_id = $1 AND organisation_id = $2`,
      [id, organisationId, changes.role ?? null, changes.reportCategories ?? null],
    );
  }
  const settings: Record<string, string> = {};
  if (changes.language) settings.language = changes.language;
  if (changes.timezone) settings.timezone = changes.timezone;
  await db.query(
    `UPDATE app_user SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            settings = settings || $4::jsonb
      WHERE id = $1`,
    [id, changes.firstName ?? null, changes.lastName ?? null, JSON.stringify(settings)],
  );
}

/** Active admins of the organisation other than `exceptUserIds`. */
export async function otherAdmins(
  db: Queryable,
  organisationId: string,
  exceptUserIds: string[],
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM membership m JOIN app_user u ON u.id = m.user_id
      WHERE m.organisation_id = $1 AND m.role = 'admin' AND m.state = 'active'
        AND u.disabled_at IS NULL AND NOT (m.user_id = ANY($2))`,
    [organisationId, exceptUserIds],
  );
  return row?.n ?? 0;
}

/**
 * Takes users out of an organisation: their membership, pending invitation, saved filters and
 * report subscriptions there go. Someone left in no organisation is disabled and can no longer
 * sign in; the row stays for the audit trail. Returns the sessions to end: every session of each
 * removed user, since an access token names no membership the server rechecks.
 */
export async function removeMembers(
  db: Queryable,
  organisationId: string,
  userIds: string[],
): Promise<string[]> {
  await db.query('DELETE FROM membership WHERE organisation_id = $1 AND user_id = ANY($2)', [
    organisationId,
    userIds,
  ]);
  await db.query(
    `UPDATE account_token SET revoked_at = now()
      WHERE organisation_id = $1 AND user_id = ANY($2) AND used_at IS NULL AND revoked_at IS NULL`,
    [organisationId, userIds],
  );
  await db.query('DELETE FROM saved_filter WHERE organisation_id = $1 AND user_id = ANY($2)', [
    organisationId,
    userIds,
  ]);
  await db.query(
    `UPDATE app_user SET disabled_at = now(), settings = settings - 'subscriptions'
      WHERE id = ANY($1) AND NOT EXISTS (SELECT 1 FROM membership m WHERE m.user_id = app_user.id)`,
    [userIds],
  );
  // A remaining membership may have been the default: the first left by name becomes it.
  await db.query(
    `UPDATE membership m SET is_default = true
      WHERE m.user_id = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM membership d WHERE d.user_id = m.user_id AND d.is_default)
        AND m.organisation_id = (SELECT m2.organisation_id FROM membership m2
                                   JOIN organisation o ON o.id = m2.organisation_id
                                  WHERE m2.user_id = m.user_id ORDER BY o.name LIMIT 1)`,
    [userIds],
  );
  const sessions = await db.query<{ id: string }>(
    'SELECT id FROM auth_session WHERE user_id = ANY($1) AND ended_at IS NULL',
    [userIds],
  );
  return sessions.map((row) => row.id);
}

/**
 * Staff's direct creation: a new account with the given password, or an existing account (not yet
 * in the organisation) made a member, keeping its own password.
 */
export async function createUser(db: Queryable, body: CreateUserBody): Promise<string> {
  const [organisation] = await db.query('SELECT 1 FROM organisation WHERE id = $1', [
    body.organisationId,
  ]);
  if (!organisation)
    throw new HttpError(404, 'NOT_FOUND', 'No such organisation', 'organisationId');
  const [existing] = await db.query<{ id: string; disabled: boolean; member: boolean }>(
    `SELECT id, disabled_at IS NOT NULL AS disabled,
            EXISTS (SELECT 1 FROM membership m WHERE m.user_id = u.id AND m.organisation_id = $2) AS member
       FROM app_user u WHERE lower(email) = lower($1)`,
    [body.email, body.organisationId],
  );
  if (existing?.member)
    throw new HttpError(
      409,
      EMAIL_ALREADY_EXISTS,
      `${body.email} is already in that organisation`,
      'email',
    );
  let userId = existing?.id;
  if (!existing || existing.disabled) {
    requireStrongPassword(body.password, [body.email, body.firstName, body.lastName]);
    const hash = await hashPassword(body.password);
    if (existing) {
      await db.query(
        `UPDATE app_user SET disabled_at = NULL, password_hash = $2, first_name = $3, last_name = $4,
                email_confirmed_at = now() WHERE id = $1`,
        [existing.id, hash, body.firstName, body.lastName],
      );
    } else {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO app_user (email, first_name, last_name, password_hash, email_confirmed_at)
         VALUES ($1, $2, $3, $4, now()) RETURNING id`,
        [body.email, body.firstName, body.lastName, hash],
      );
      userId = row?.id;
    }
  }
  if (!userId) throw new Error('no user id');
  await db.query(
    `INSERT INTO membership (user_id, organisation_id, role, is_default)
     VALUES ($1, $2, $3, NOT EXISTS (SELECT 1 FROM membership WHERE user_id = $1))`,
    [userId, body.organisationId, body.role],
  );
  return userId;
}
