// Staff's view of the organisations: the list, and what each organisation's portal shows and
// allows (its modules, navigation and the lists its forms offer).
import type {
  OrganisationListQuery,
  OrganisationListReply,
  OrganisationSettingsBody,
  OrganisationSettingsRecord,
} from '../../../src/domain/api/organisations.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { Database, Queryable, SqlParam } from '../../db/database.ts';
import { HttpError } from '../../httpError.ts';
import {
  getOrganisation,
  getOrganisationSettings,
  type OrganisationSettings,
} from '../../tenancy/organisation.ts';

const SORT_SQL: Record<NonNullable<OrganisationListQuery['sort']>, string> = {
  name: 'lower(o.name)',
  type: 'o.type',
  createdAt: 'o.created_at',
  users: 'users',
  machines: 'machines',
};

export async function listOrganisations(
  db: Queryable,
  query: OrganisationListQuery,
): Promise<OrganisationListReply> {
  const where: string[] = [];
  const params: SqlParam[] = [];
  if (query.q?.trim()) {
    params.push(
      `%${query.q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
    where.push(`lower(o.name) LIKE $${params.length}`);
  }
  if (query.type) {
    params.push(query.type);
    where.push(`o.type = $${params.length}`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = `${SORT_SQL[query.sort ?? 'name']} ${query.order === 'DESC' ? 'DESC' : 'ASC'}, o.id`;
  params.push(query.limit ?? 25, query.offset ?? 0);
  const rows = await db.query<{
    id: string;
    name: string;
    type: OrganisationListReply['organisations'][number]['type'];
    timezone: string;
    users: number;
    machines: number;
    created_at: Date;
    total: number;
  }>(
    `SELECT o.id, o.name, o.type, o.timezone, o.created_at,
            (SELECT count(*)::int FROM membership m WHERE m.organisation_id = o.id) AS users,
            (SELECT count(*)::int FROM machine x WHERE x.organisation_id = o.id) AS machines,
            count(*) OVER ()::int AS total
       FROM organisation o ${filter}
      ORDER BY ${order}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const [countRow] = rows.length
    ? [{ total: rows[0]?.total ?? 0 }]
    : await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM organisation o ${filter}`,
        params.slice(0, -2),
      );
  return {
    organisations: rows.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      timezone: row.timezone,
      users: row.users,
      machines: row.machines,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total: countRow?.total ?? 0,
  };
}

export async function organisationSettingsRecord(
  db: Queryable,
  id: string,
): Promise<OrganisationSettingsRecord | undefined> {
  const organisation = await getOrganisation(db, id);
  if (!organisation) return undefined;
  const settings = await getOrganisationSettings(db, organisation);
  const [raw] = await db.query<{ domains: string[] | null }>(
    `SELECT settings->'loginDomains' AS domains FROM organisation WHERE id = $1`,
    [id],
  );
  return {
    id: organisation.id,
    name: organisation.name,
    type: organisation.type,
    timezone: organisation.timezone,
    navigation: settings.navigation,
    modules: settings.modules,
    features: settings.features,
    machineName: settings.properties.machineName,
    routeMinSatellites: settings.properties.routeMinSatellites,
    hireStatuses: settings.hireStatuses.hired,
    mandatoryFields: settings.mandatoryFields as OrganisationSettingsRecord['mandatoryFields'],
    materials: settings.materials,
    manufacturers: settings.manufacturers,
    dealerId: settings.dealerId,
    offHoursStartDate: settings.offHoursStartDate,
    loginDomains: raw?.domains ?? [],
  };
}

/** The organisation whose sign-in page a host name shows, if staff gave it one. */
export async function organisationByLoginDomain(
  db: Queryable,
  host: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM organisation WHERE settings->'loginDomains' ? lower($1) LIMIT 1`,
    [host],
  );
  return row?.id;
}

/** Applies the fields sent; a flag or property left out keeps its stored value. */
export async function updateOrganisationSettings(
  db: Database,
  id: string,
  body: OrganisationSettingsBody,
): Promise<OrganisationSettingsRecord | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ settings: Partial<OrganisationSettings> }>(
      'SELECT settings FROM organisation WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!row) return undefined;
    const stored = row.settings ?? {};
    const domains = body.loginDomains?.map((domain) => domain.toLowerCase());
    for (const domain of domains ?? []) {
      const holder = await organisationByLoginDomain(tx, domain);
      if (holder && holder !== id)
        throw new HttpError(
          409,
          ERROR_CODES.conflict,
          `${domain} already signs in another organisation`,
          'loginDomains',
        );
    }
    const next: Partial<OrganisationSettings> & { loginDomains?: string[] } = {
      ...stored,
      ...(body.navigation
        ? {
            navigation: {
              ...stored.navigation,
              ...body.navigation,
            } as OrganisationSettings['navigation'],
          }
        : {}),
      ...(body.modules
        ? { modules: { ...stored.modules, ...body.modules } as OrganisationSettings['modules'] }
        : {}),
      ...(body.features
        ? {
            features: {
              ...stored.features,
              ...body.features,
            } as OrganisationSettings['features'],
          }
        : {}),
      ...(body.machineName !== undefined || body.routeMinSatellites !== undefined
        ? {
            properties: {
              ...stored.properties,
              ...(body.machineName !== undefined ? { machineName: body.machineName } : {}),
              ...(body.routeMinSatellites !== undefined
                ? { routeMinSatellites: body.routeMinSatellites }
                : {}),
            } as OrganisationSettings['properties'],
          }
        : {}),
      ...(body.hireStatuses ? { hireStatuses: { hired: body.hireStatuses } } : {}),
      ...(body.mandatoryFields ? { mandatoryFields: body.mandatoryFields } : {}),
      ...(body.materials ? { materials: body.materials } : {}),
      ...(body.manufacturers ? { manufacturers: body.manufacturers } : {}),
      ...(body.dealerId !== undefined ? { dealerId: body.dealerId } : {}),
      ...(body.offHoursStartDate ? { offHoursStartDate: body.offHoursStartDate } : {}),
      ...(domains ? { loginDomains: domains } : {}),
    };
    await tx.query(
      `UPDATE organisation
          SET settings = $2, name = coalesce($3, name), type = coalesce($4, type),
              timezone = coalesce($5, timezone)
        WHERE id = $1`,
      [
        id,
        JSON.stringify(next),
        body.name?.trim() ?? null,
        body.type ?? null,
        body.timezone ?? null,
      ],
    );
    return organisationSettingsRecord(tx, id);
  });
}
