// Users and their memberships of organisations.
import type { OrganisationType, Role } from '../../../src/domain/constants.ts';
import type { Queryable } from '../../db/database.ts';

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  lastLogin: Date | null;
  settings: { timezone?: string; language?: string };
}

export interface Membership {
  organisationId: string;
  name: string;
  type: OrganisationType;
  role: Role;
  isDefault: boolean;
}

export async function findUserForSignIn(
  db: Queryable,
  email: string,
): Promise<{ id: string; passwordHash: string | null; emailConfirmed: boolean } | undefined> {
  const rows = await db.query<{ id: string; password_hash: string | null; confirmed: boolean }>(
    `SELECT id, password_hash, email_confirmed_at IS NOT NULL AS confirmed
       FROM app_user WHERE lower(email) = lower($1) AND disabled_at IS NULL`,
    [email],
  );
  const row = rows[0];
  return row && { id: row.id, passwordHash: row.password_hash, emailConfirmed: row.confirmed };
}

export async function getUser(db: Queryable, id: string): Promise<User | undefined> {
  const rows = await db.query<User>(
    `SELECT id, email, first_name AS "firstName", last_name AS "lastName",
            last_login_at AS "lastLogin", settings
       FROM app_user WHERE id = $1 AND disabled_at IS NULL`,
    [id],
  );
  return rows[0];
}

/** The organisations the user is a member of (invitations not yet accepted grant nothing), the default one first, then by name. */
export async function getMemberships(db: Queryable, userId: string): Promise<Membership[]> {
  return db.query<Membership>(
    `SELECT o.id AS "organisationId", o.name, o.type, m.role, m.is_default AS "isDefault"
       FROM membership m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.user_id = $1 AND m.state = 'active'
      ORDER BY m.is_default DESC, o.name`,
    [userId],
  );
}

/** Keeps the previous sign-in as lastLogin, so a user's first session still reads as a first-time user. */
export async function recordSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'UPDATE app_user SET last_login_at = current_login_at, current_login_at = now() WHERE id = $1',
    [userId],
  );
}
