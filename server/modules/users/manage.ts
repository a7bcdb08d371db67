// Who may see and manage whose people (docs/accounts.md):
// - staff (internal) manage every organisation;
// - an admin manages their own organisation and, when it is a rental company, each customer
//   organisation (rental-end-user or end-user) it hires machines to now or is booked to;
// - a viewer manages nobody, and sees only their own organisation's people.
import type { OrganisationType, Role } from '../../../src/domain/constants.ts';
import type { Queryable } from '../../db/database.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

/** The caller of an authenticated request: their user id, role and the organisation of the token. */
export interface Caller {
  userId: string;
  role: Role;
  organisation: Organisation;
}

/** The organisations whose people the caller manages; 'all' for staff. */
export type Scope = ReadonlySet<string> | 'all';

const RANK: Record<Role, number> = { viewer: 0, admin: 1, internal: 2 };

/** Whether `caller` may give someone `role`: never a role above their own. */
export const mayGrant = (caller: Role, role: Role): boolean => RANK[role] <= RANK[caller];
export const outranks = (a: Role, b: Role): boolean => RANK[a] > RANK[b];

/** Customer organisations a rental company hires to now or has booked hires with. */
export async function customerOrganisations(
  db: Queryable,
  rentalOrganisationId: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT DISTINCT o.id FROM hire h JOIN organisation o ON o.id = h.customer_organisation_id
      WHERE h.rental_organisation_id = $1 AND (h.ends_at IS NULL OR h.ends_at > now())
        AND o.type IN ('rental-end-user', 'end-user') AND o.id <> $1`,
    [rentalOrganisationId],
  );
  return rows.map((row) => row.id);
}

export async function managedScope(db: Queryable, caller: Caller): Promise<Scope> {
  if (caller.role === 'internal') return 'all';
  if (caller.role !== 'admin') return new Set();
  const own = caller.organisation;
  const customers = own.type === 'end-user' ? [] : await customerOrganisations(db, own.id);
  return new Set([own.id, ...customers]);
}

/** What the caller may read: their own organisation's people, and everyone they manage. */
export async function visibleScope(db: Queryable, caller: Caller): Promise<Scope> {
  const managed = await managedScope(db, caller);
  return managed === 'all' ? managed : new Set([caller.organisation.id, ...managed]);
}

export const inScope = (scope: Scope, organisationId: string): boolean =>
  scope === 'all' || scope.has(organisationId);

/** The scope as a SQL parameter: null for every organisation. */
export const scopeParam = (scope: Scope): string[] | null => (scope === 'all' ? null : [...scope]);

/** The organisations of a scope (the caller's own first, then by name): where an invitation may go. */
export const organisationsIn = (db: Queryable, scope: Scope, ownOrganisationId: string) =>
  db.query<{ id: string; name: string; type: OrganisationType }>(
    `SELECT id, name, type FROM organisation WHERE ($1::uuid[] IS NULL OR id = ANY($1))
      ORDER BY id = $2 DESC, name`,
    [scopeParam(scope), ownOrganisationId],
  );
