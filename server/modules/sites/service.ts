// An organisation's sites and their geofences: read, write and delete, validated as the geofence
// editor validates (src/domain/geofence.ts).
import type { Site, SiteBody } from '../../../src/domain/api/sites.ts';
import { geofenceCentre, geofenceProblem, type Geofence } from '../../../src/domain/geofence.ts';
import { isValidTimeZone } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../httpError.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

interface SiteRow {
  id: string;
  name: string;
  code: string | null;
  customer: string | null;
  timezone: string;
  geofence_type: 'circle' | 'polygon';
  polygon: [number, number][] | null;
  latitude: number | null;
  longitude: number | null;
  radius_m: number | null;
  created_at: Date;
  updated_at: Date;
}

const SITE_COLUMNS = `s.id, s.name, s.code, s.customer, coalesce(s.timezone, o.timezone) AS timezone,
  s.geofence_type, s.polygon, s.latitude, s.longitude, s.radius_m, s.created_at, s.updated_at`;

function geofenceOf(row: SiteRow): Geofence | null {
  if (row.geofence_type === 'polygon' && row.polygon) {
    return {
      type: 'polygon',
      points: row.polygon.map(([latitude, longitude]) => ({ latitude, longitude })),
    };
  }
  if (row.latitude === null || row.longitude === null) return null;
  return {
    type: 'circle',
    centre: { latitude: row.latitude, longitude: row.longitude },
    // A site placed without a radius is the 250 m the demo and the first sites used.
    radiusM: row.radius_m ?? 250,
  };
}

function toSite(row: SiteRow): Site {
  const geofence = geofenceOf(row);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    customer: row.customer,
    timezone: row.timezone,
    geofence,
    centre: geofence ? geofenceCentre(geofence) : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listSites(db: Queryable, organisationId: string): Promise<Site[]> {
  const rows = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM site s JOIN organisation o ON o.id = s.organisation_id
      WHERE s.organisation_id = $1 ORDER BY lower(s.name), s.id`,
    [organisationId],
  );
  return rows.map(toSite);
}

/** The sites a machine's hires took it to, whoever owns them: a route names them too. */
export async function sitesOfHires(db: Queryable, machineId: string): Promise<Site[]> {
  const rows = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM site s JOIN organisation o ON o.id = s.organisation_id
      WHERE s.id IN (SELECT site_id FROM hire WHERE machine_id = $1 AND site_id IS NOT NULL)
      ORDER BY lower(s.name), s.id`,
    [machineId],
  );
  return rows.map(toSite);
}

/** Sites by id, whoever owns them: where machines are meant to be, for the alerts. */
export async function sitesByIds(db: Queryable, ids: string[]): Promise<Site[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM site s JOIN organisation o ON o.id = s.organisation_id
      WHERE s.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map(toSite);
}

/**
 * The organisation's sites and those its hires send its equipment to: where a rental company's
 * trailers and cabins stand, named as its machines' routes name them.
 */
export async function sitesOfOrganisationAndHires(
  db: Queryable,
  organisationId: string,
): Promise<Site[]> {
  const rows = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM site s JOIN organisation o ON o.id = s.organisation_id
      WHERE s.organisation_id = $1
         OR s.id IN (SELECT site_id FROM hire WHERE rental_organisation_id = $1 AND site_id IS NOT NULL)
      ORDER BY s.organisation_id = $1 DESC, lower(s.name), s.id`,
    [organisationId],
  );
  return rows.map(toSite);
}

export async function getSite(db: Queryable, organisationId: string, id: string): Promise<Site> {
  const [row] = await db.query<SiteRow>(
    `SELECT ${SITE_COLUMNS} FROM site s JOIN organisation o ON o.id = s.organisation_id
      WHERE s.organisation_id = $1 AND s.id = $2`,
    [organisationId, id],
  );
  if (!row) throw notFound('No such site');
  return toSite(row);
}

/** The columns a body writes, after checking it. */
function columnsOf(body: SiteBody) {
  const problem = geofenceProblem(body.geofence);
  if (problem) throw badRequest(problem.field, problem.message);
  const timezone = body.timezone?.trim() || null;
  if (timezone && !isValidTimeZone(timezone)) {
    throw badRequest('timezone', `'${timezone}' is not a known time zone`);
  }
  const name = body.name.trim();
  if (!name) throw badRequest('name', 'name cannot be empty');
  const centre = geofenceCentre(body.geofence);
  const circle = body.geofence.type === 'circle' ? body.geofence : null;
  const polygon =
    body.geofence.type === 'polygon'
      ? JSON.stringify(body.geofence.points.map((p) => [p.latitude, p.longitude]))
      : null;
  return [
    name,
    body.code?.trim() || null,
    body.customer?.trim() || null,
    timezone,
    body.geofence.type,
    polygon,
    centre.latitude,
    centre.longitude,
    circle ? circle.radiusM : null,
  ];
}

/** A second site with the same code is refused, naming the field. */
async function withCodeCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        'Another site of the organisation has this code',
        'code',
      );
    }
    throw error;
  }
}

export async function createSite(
  db: Queryable,
  organisation: Organisation,
  body: SiteBody,
): Promise<Site> {
  const [row] = await withCodeCheck(() =>
    db.query<{ id: string }>(
      `INSERT INTO site (organisation_id, name, code, customer, timezone, geofence_type, polygon, latitude,
                         longitude, radius_m)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) RETURNING id`,
      [organisation.id, ...columnsOf(body)],
    ),
  );
  return getSite(db, organisation.id, row?.id ?? '');
}

export async function updateSite(
  db: Queryable,
  organisation: Organisation,
  id: string,
  body: SiteBody,
): Promise<Site> {
  const rows = await withCodeCheck(() =>
    db.query<{ id: string }>(
      `UPDATE site SET name = $3, code = $4, customer = $5, timezone = $6, geofence_type = $7,
                       polygon = $8::jsonb, latitude = $9, longitude = $10, radius_m = $11, updated_at = now()
        WHERE organisation_id = $1 AND id = $2 RETURNING id`,
      [organisation.id, id, ...columnsOf(body)],
    ),
  );
  if (rows.length === 0) throw notFound('No such site');
  return getSite(db, organisation.id, id);
}

/** A site that machines stand on or hires name is kept: deleting it would lose where they were. */
export async function deleteSite(db: Queryable, organisationId: string, id: string): Promise<void> {
  const [use] = await db.query<{ machines: number; hires: number }>(
    `SELECT (SELECT count(*) FROM machine WHERE site_id = $2)::int AS machines,
            (SELECT count(*) FROM hire WHERE site_id = $2)::int AS hires
       FROM site WHERE organisation_id = $1 AND id = $2`,
    [organisationId, id],
  );
  if (!use) throw notFound('No such site');
  if (use.machines > 0 || use.hires > 0) {
    throw conflict(
      `The site is the home of ${use.machines} machine(s) and the place of ${use.hires} hire(s): move them first`,
    );
  }
  await db.query('DELETE FROM site WHERE organisation_id = $1 AND id = $2', [organisationId, id]);
}
