// Reading hires: the rental company reads the hires of its machines, a customer the hires of
// machines it hires (without the rental company's note and override reason).
import type {
  ContractedHoursPer,
  Hire,
  HireFilter,
  HireFlag,
  HireState,
  OverusePeriod,
} from '../../../src/domain/api/hires.ts';
import { HIRE_FLAGS, HIRE_STATES } from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';

export interface HireRow {
  id: string;
  machine_id: string;
  machine_name: string;
  asset_id: string | null;
  contract_number: string;
  customer_organisation_id: string | null;
  customer_name: string | null;
  customer: string;
  rental_organisation_id: string;
  rental_organisation: string;
  site_id: string | null;
  site: string | null;
  starts_at: Date;
  ends_at: Date | null;
  status: HireState;
  contracted_hours_per: ContractedHoursPer;
  contracted_hours: number;
  overuse_period: OverusePeriod | null;
  overuse_allowance_h: number | null;
  overuse_rate: number | null;
  note: string | null;
  override_reason: string | null;
  swapped_from_hire_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const STATUS_SQL = `CASE WHEN h.starts_at > now() THEN 'future'
  WHEN h.ends_at IS NULL OR h.ends_at > now() THEN 'onHire' ELSE 'offHired' END`;

export const HIRE_SELECT = `SELECT h.id, h.machine_id, m.name AS machine_name, m.asset_id, h.contract_number,
    h.customer_organisation_id, h.customer_name, coalesce(co.name, h.customer_name, '') AS customer,
    h.rental_organisation_id, ro.name AS rental_organisation, h.site_id, s.name AS site,
    h.starts_at, h.ends_at, ${STATUS_SQL} AS status, h.contracted_hours_per, h.contracted_hours,
    h.overuse_period, h.overuse_allowance_h, h.overuse_rate, h.note, h.override_reason,
    h.swapped_from_hire_id, h.created_at, h.updated_at
  FROM hire h JOIN machine m ON m.id = h.machine_id
  JOIN organisation ro ON ro.id = h.rental_organisation_id
  LEFT JOIN organisation co ON co.id = h.customer_organisation_id
  LEFT JOIN site s ON s.id = h.site_id`;

/** The rows an organisation may read: its machines' hires and its own hires of others' machines. */
const SCOPE_SQL = '(h.rental_organisation_id = $1 OR h.customer_organisation_id = $1)';

export function toHire(row: HireRow, organisationId: string): Hire {
  const own = row.rental_organisation_id === organisationId;
  return {
    id: row.id,
    machineId: row.machine_id,
    machineName: row.machine_name,
    assetId: row.asset_id,
    contractNumber: row.contract_number,
    customer: row.customer,
    customerOrganisationId: row.customer_organisation_id,
    customerName: row.customer_name,
    rentalOrganisationId: row.rental_organisation_id,
    rentalOrganisation: row.rental_organisation,
    site: row.site,
    siteId: row.site_id,
    onHireAt: row.starts_at.toISOString(),
    offHireAt: row.ends_at?.toISOString() ?? null,
    status: row.status,
    contractedHoursPer: row.contracted_hours_per,
    contractedHours: row.contracted_hours,
    overusePeriod: row.overuse_period,
    overuseAllowanceH: row.overuse_allowance_h,
    overuseRate: row.overuse_rate,
    note: own ? row.note : null,
    overrideReason: own ? row.override_reason : null,
    swappedFromHireId: row.swapped_from_hire_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idFilter(filter: Record<string, unknown>, name: keyof HireFilter): string | undefined {
  const value = filter[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw badRequest(`filter.${name}`, `filter.${name} must be an id`);
  }
  return value;
}

/** The list's filter from simple-rest's `filter` JSON, each field checked. */
export function readHireFilter(filter: Record<string, unknown>): HireFilter {
  const { q, status, flag } = filter;
  if (q !== undefined && (typeof q !== 'string' || q.length > 100)) {
    throw badRequest('filter.q', 'filter.q must be text of at most 100 characters');
  }
  if (status !== undefined && status !== '' && !HIRE_STATES.includes(status as HireState)) {
    throw badRequest('filter.status', `filter.status must be one of ${HIRE_STATES.join(', ')}`);
  }
  if (flag !== undefined && flag !== '' && !HIRE_FLAGS.includes(flag as HireFlag)) {
    throw badRequest('filter.flag', `filter.flag must be one of ${HIRE_FLAGS.join(', ')}`);
  }
  return {
    q: typeof q === 'string' && q.trim() !== '' ? q.trim() : undefined,
    status: status ? (status as HireState) : undefined,
    flag: flag ? (flag as HireFlag) : undefined,
    machineId: idFilter(filter, 'machineId'),
    customerOrganisationId: idFilter(filter, 'customerOrganisationId'),
    siteId: idFilter(filter, 'siteId'),
  };
}

/** One hire the organisation may read, as a row; 404 otherwise. */
export async function hireRow(db: Queryable, organisationId: string, id: string): Promise<HireRow> {
  const [row] = await db.query<HireRow>(`${HIRE_SELECT} WHERE ${SCOPE_SQL} AND h.id = $2`, [
    organisationId,
    id,
  ]);
  if (!row) throw notFound('No such hire');
  return row;
}

export const getHire = async (db: Queryable, organisationId: string, id: string) =>
  toHire(await hireRow(db, organisationId, id), organisationId);

/** The latest hire of a contract on one machine of the rental company: the ERP's key. */
export async function contractHireRow(
  db: Queryable,
  organisationId: string,
  contractNumber: string,
  machineId: string,
): Promise<HireRow | undefined> {
  const [row] = await db.query<HireRow>(
    `${HIRE_SELECT} WHERE h.rental_organisation_id = $1 AND h.contract_number = $2
        AND h.machine_id = $3 ORDER BY h.starts_at DESC LIMIT 1`,
    [organisationId, contractNumber, machineId],
  );
  return row;
}

/** The customer organisations the rental company has hired to: the form's choices. */
export async function hireCustomers(
  db: Queryable,
  organisationId: string,
): Promise<{ id: string; name: string }[]> {
  return db.query<{ id: string; name: string }>(
    `SELECT o.id, o.name FROM organisation o
      WHERE o.id IN (SELECT customer_organisation_id FROM hire WHERE rental_organisation_id = $1)
      ORDER BY lower(o.name), o.id`,
    [organisationId],
  );
}
