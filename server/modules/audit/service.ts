// Searching the audit trail: staff over every organisation, an organisation's admins over their
// own; newest first, a page at a time, by words, action, time and organisation.
import type { AuditFilter, AuditRecord } from '../../../src/domain/api/admin.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import type { ListParams } from '../../simpleRest.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readAuditFilter(filter: Record<string, unknown>, staff: boolean): AuditFilter {
  const read: AuditFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    const field = `filter.${key}`;
    if (typeof value !== 'string' || value.length > 200)
      throw badRequest(field, `${field} must be text`);
    if (key === 'q' || key === 'action') read[key] = value;
    else if (key === 'from' || key === 'to') {
      if (Number.isNaN(Date.parse(value))) throw badRequest(field, `${field} is not a date-time`);
      read[key] = value;
    } else if (key === 'organisationId' && staff) {
      if (!UUID.test(value)) throw badRequest(field, `${field} is not an id`);
      read.organisationId = value;
    } else throw badRequest(field, `${field} is not a filter of the audit trail`);
  }
  return read;
}

interface AuditRow {
  id: string;
  at: Date;
  organisation_id: string | null;
  organisation_name: string | null;
  actor_email: string | null;
  action: string;
  method: string | null;
  path: string | null;
  status: number | null;
  address: string | null;
  details: unknown;
}

const toRecord = (row: AuditRow): AuditRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  organisationId: row.organisation_id,
  organisationName: row.organisation_name,
  actorEmail: row.actor_email,
  action: row.action,
  method: row.method,
  path: row.path,
  status: row.status,
  address: row.address,
  details: row.details,
});

const SELECT = `SELECT a.id, a.at, a.organisation_id, o.name AS organisation_name, a.actor_email, a.action,
                       a.method, a.path, a.status, a.address, a.details, count(*) OVER ()::int AS total
                  FROM audit_event a LEFT JOIN organisation o ON o.id = a.organisation_id`;

/** `organisationId` null: every organisation's (staff). */
export async function searchAudit(
  db: Queryable,
  organisationId: string | null,
  filter: AuditFilter,
  params: ListParams<'at'>,
): Promise<{ records: AuditRecord[]; total: number }> {
  const values: SqlParam[] = [];
  const param = (value: SqlParam) => `$${values.push(value)}`;
  const where: string[] = [];
  const organisation = organisationId ?? filter.organisationId;
  if (organisation) where.push(`a.organisation_id = ${param(organisation)}`);
  if (filter.action) where.push(`a.action = ${param(filter.action)}`);
  if (filter.from) where.push(`a.at >= ${param(new Date(filter.from))}`);
  if (filter.to) where.push(`a.at < ${param(new Date(filter.to))}`);
  if (filter.q) {
    const words = param(`%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(lower(coalesce(a.actor_email, '')) LIKE ${words} OR lower(a.action) LIKE ${words}
        OR lower(coalesce(a.path, '')) LIKE ${words} OR lower(a.details::text) LIKE ${words})`,
    );
  }
  const rows = await db.query<AuditRow & { total: number }>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.at ${params.order === 'ASC' && params.sort ? 'ASC' : 'DESC'}, a.id
      LIMIT ${param(params.limit)} OFFSET ${param(params.offset)}`,
    values,
  );
  return { records: rows.map(toRecord), total: rows[0]?.total ?? 0 };
}

/** The entries that name a thing by its id (in the path's parameters or what was sent), newest first. */
export async function auditNaming(db: Queryable, id: string, limit = 50): Promise<AuditRecord[]> {
  const rows = await db.query<AuditRow>(
    `${SELECT} WHERE a.details::text LIKE $1 ORDER BY a.at DESC, a.id LIMIT $2`,
    [`%${id}%`, limit],
  );
  return rows.map(toRecord);
}
