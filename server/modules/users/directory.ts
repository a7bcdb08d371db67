// The people of organisations as the users screens list them: one row per user, about one of their
// memberships (the organisation asked for, else the first by name among those in scope).
import type { UserRecord, UserSortField, UserStatus } from '../../../src/domain/api/users.ts';
import type { Role } from '../../../src/domain/constants.ts';
import { categoriesOrEvery } from '../../../src/domain/api/reportTypes.ts';
import type { Queryable } from '../../db/database.ts';
import { scopeParam, type Scope } from './manage.ts';

export interface DirectoryQuery {
  /** The organisations whose members are listed. */
  scope: Scope;
  /** Whose other organisations a row may name: the caller's visible scope. */
  visible: Scope;
  /** The membership a row is about when the user has several in scope. */
  preferOrganisationId?: string;
  q?: string;
  role?: Role;
  status?: UserStatus;
  ids?: string[];
  sort?: UserSortField;
  order?: 'ASC' | 'DESC';
  offset?: number;
  limit?: number;
}

const SORT_SQL: Record<UserSortField, string> = {
  id: 'id',
  email: 'lower(email)',
  firstName: 'lower(first_name)',
  lastName: 'lower(last_name)',
  role: 'role',
  status: 'status',
  lastLogin: 'last_login',
  organisationName: 'lower(organisation_name)',
};

interface Row {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  organisation_id: string;
  organisation_name: string;
  status: UserStatus;
  last_login: Date | null;
  settings: { language?: UserRecord['language']; timezone?: string };
  /** Null until an admin chooses: every category. */
  report_categories: string[] | null;
  invited_at: Date | null;
  second_factor: boolean;
  total: number;
}

export async function listDirectory(
  db: Queryable,
  query: DirectoryQuery,
): Promise<{ users: UserRecord[]; total: number }> {
  const sort = SORT_SQL[query.sort ?? 'lastName'];
  const order = query.order === 'DESC' ? 'DESC NULLS LAST' : 'ASC NULLS LAST';
  const rows = await db.query<Row>(
    `WITH chosen AS (
       SELECT DISTINCT ON (m.user_id) m.user_id, m.organisation_id, m.role, m.state, m.created_at,
              m.report_categories,
              o.name AS organisation_name
         FROM membership m JOIN organisation o ON o.id = m.organisation_id
        WHERE ($1::uuid[] IS NULL OR m.organisation_id = ANY($1))
        ORDER BY m.user_id, (m.organisation_id = $2::uuid) DESC NULLS LAST, o.name
     ), people AS (
       SELECT u.id, u.email, u.first_name, u.last_name, c.role, c.organisation_id,
              c.organisation_name, u.current_login_at AS last_login, u.settings,
              c.report_categories, u.totp_enabled_at IS NOT NULL AS second_factor,
              CASE WHEN c.state = 'invited' THEN c.created_at END AS invited_at,
              CASE WHEN c.state = 'active' THEN 'active'
                   WHEN EXISTS (SELECT 1 FROM account_token t
                                 WHERE t.user_id = u.id AND t.organisation_id = c.organisation_id
                                   AND t.purpose = 'invitation' AND t.used_at IS NULL
                                   AND t.revoked_at IS NULL AND t.expires_at > now())
                   THEN 'invited' ELSE 'invitation-expired' END AS status
         FROM chosen c JOIN app_user u ON u.id = c.user_id
        WHERE u.disabled_at IS NULL
     )
     SELECT *, (count(*) OVER ())::integer AS total FROM people
      WHERE ($3::text IS NULL OR strpos(lower(email || ' ' || first_name || ' ' || last_name), lower($3)) > 0)
        AND ($4::text IS NULL OR role = $4)
        AND ($5::text IS NULL OR status = $5)
        AND ($6::uuid[] IS NULL OR id = ANY($6))
        -- Staff are members of every organisation to help it; only staff see them listed.
        AND ($9 OR role <> 'internal')
      ORDER BY ${sort} ${order}, id
      LIMIT $7 OFFSET $8`,
    [
      scopeParam(query.scope),
      query.preferOrganisationId ?? null,
      query.q?.trim() || null,
      query.role ?? null,
      query.status ?? null,
      query.ids ?? null,
      query.limit ?? 1000,
      query.offset ?? 0,
      query.visible === 'all',
    ],
  );
  const organisations = await organisationsOf(
    db,
    rows.map((row) => row.id),
    query.visible,
  );
  return {
    total: rows[0]?.total ?? 0,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      organisationId: row.organisation_id,
      organisationName: row.organisation_name,
      status: row.status,
      lastLogin: row.last_login?.toISOString() ?? null,
      language: row.settings.language ?? null,
      timezone: row.settings.timezone ?? null,
      reportCategories: categoriesOrEvery(row.report_categories),
      organisations: organisations.get(row.id) ?? [],
      invitedAt: row.invited_at?.toISOString() ?? null,
      secondFactor: row.second_factor,
    })),
  };
}

/** Each user's active memberships among the organisations the caller may see. */
async function organisationsOf(
  db: Queryable,
  userIds: string[],
  visible: Scope,
): Promise<Map<string, UserRecord['organisations']>> {
  const byUser = new Map<string, UserRecord['organisations']>();
  if (userIds.length === 0) return byUser;
  const rows = await db.query<{ user_id: string; id: string; name: string; role: Role }>(
    `SELECT m.user_id, o.id, o.name, m.role FROM membership m
       JOIN organisation o ON o.id = m.organisation_id
      WHERE m.user_id = ANY($1) AND m.state = 'active'
        AND ($2::uuid[] IS NULL OR m.organisation_id = ANY($2))
      ORDER BY o.name`,
    [userIds, scopeParam(visible)],
  );
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, role: row.role });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** One user as seen from `scope`, about `organisationId`'s membership when given. */
export async function findInDirectory(
  db: Queryable,
  id: string,
  scope: Scope,
  visible: Scope,
  organisationId?: string,
): Promise<UserRecord | undefined> {
  const { users } = await listDirectory(db, {
    scope: organisationId ? narrow(scope, organisationId) : scope,
    visible,
    preferOrganisationId: organisationId,
    ids: [id],
    limit: 1,
  });
  return users[0];
}

/** `scope` cut down to one organisation; empty when that organisation is outside it. */
export function narrow(scope: Scope, organisationId: string): Scope {
  return scope === 'all' || scope.has(organisationId) ? new Set([organisationId]) : new Set();
}
