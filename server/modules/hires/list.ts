// The hires list (GET /v1/portal/hires): one page and the total, fast for a rental company with
// years of hires (bench/hires.ts). The rows an organisation reads follow its type, so that a rental
// company's and a contractor's lists each walk one index in the order asked; the total is counted
// on the hire table alone, and a search looks names up in the small tables first.
import { flaggedHires } from './flags.ts';
import type { Hire, HireFilter, HireSort, HireState } from '../../../src/domain/api/hires.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import type { ListParams } from '../../simpleRest.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { HIRE_SELECT, type HireRow, STATUS_SQL, toHire } from './store.ts';

const SORT_SQL: Record<HireSort, string> = {
  onHireAt: 'h.starts_at',
  offHireAt: "coalesce(h.ends_at, 'infinity')",
  contractNumber: 'lower(h.contract_number)',
  customer: "lower(coalesce(co.name, h.customer_name, ''))",
  machineName: 'lower(m.name)',
  site: "lower(coalesce(s.name, ''))",
  status: `array_position(ARRAY['future', 'onHire', 'offHired'], ${STATUS_SQL})`,
};

/** A search that finds at most this many hires orders them itself (bench/hires.ts). */
const FEW_FOUND = 1000;

/** Each state as conditions on the times, which an index on them can answer. */
const STATE_SQL: Record<HireState, string> = {
  future: 'h.starts_at > now()',
  onHire: 'h.starts_at <= now() AND (h.ends_at IS NULL OR h.ends_at > now())',
  offHired: 'h.ends_at <= now()',
};

/** A rental company lets, a contractor hires in, an organisation that does both reads both. */
function scopeOf(organisation: Pick<Organisation, 'type'>): string {
  if (organisation.type === 'rental') return 'h.rental_organisation_id = $1';
  if (organisation.type === 'end-user') return 'h.customer_organisation_id = $1';
  return '(h.rental_organisation_id = $1 OR h.customer_organisation_id = $1)';
}

/** The machines, customer organisations and sites whose names hold the search: few rows each. */
async function namesMatching(
  db: Queryable,
  organisation: Pick<Organisation, 'id' | 'type'>,
  anywhere: string,
) {
  // A rental company's hires are of its own machines; a customer's are of others'.
  const rental = organisation.type === 'rental';
  const [found] = await db.query<{ machines: string[]; organisations: string[]; sites: string[] }>(
    `SELECT ARRAY(SELECT id FROM machine
                   WHERE ${rental ? 'organisation_id = $2 AND' : ''} (name ILIKE $1 OR asset_id ILIKE $1)) AS machines,
            ARRAY(SELECT id FROM organisation WHERE name ILIKE $1) AS organisations,
            ARRAY(SELECT id FROM site WHERE name ILIKE $1) AS sites`,
    rental ? [anywhere, organisation.id] : [anywhere],
  );
  return found ?? { machines: [], organisations: [], sites: [] };
}

/** `filter` as conditions on the hire table alone, with their parameters after `$1`. */
async function conditions(
  db: Queryable,
  organisation: Pick<Organisation, 'id' | 'type'>,
  filter: HireFilter,
) {
  const where = [scopeOf(organisation)];
  const values: SqlParam[] = [organisation.id];
  const add = (sql: (n: string) => string, value: SqlParam) => {
    values.push(value);
    where.push(sql(`$${values.length}`));
  };
  if (filter.q) {
    // Contracts and off-portal customers by their first letters, through their indexes; machines,
    // asset IDs, customer organisations and sites anywhere in their names, found first in their
    // own tables and passed as lists, so that the planner sees how few hires each names.
    const text = filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const names = await namesMatching(db, organisation, `%${text}%`);
    values.push(`${text}%`, names.machines, names.organisations, names.sites);
    const n = values.length;
    where.push(`(lower(h.contract_number) LIKE $${n - 3} OR lower(h.customer_name) LIKE $${n - 3}
      OR h.machine_id = ANY($${n - 2}::uuid[]) OR h.customer_organisation_id = ANY($${n - 1}::uuid[])
      OR h.site_id = ANY($${n}::uuid[]))`);
  }
  if (filter.status) where.push(STATE_SQL[filter.status]);
  if (filter.machineId) add((n) => `h.machine_id = ${n}`, filter.machineId);
  if (filter.customerOrganisationId) {
    add((n) => `h.customer_organisation_id = ${n}`, filter.customerOrganisationId);
  }
  if (filter.siteId) add((n) => `h.site_id = ${n}`, filter.siteId);
  if (filter.flag) {
    // Flags are the rental company's: a customer's own hires carry none.
    const flagged = await flaggedHires(db, Date.now(), [organisation.id]);
    const ids = flagged.filter((f) => f.flag === filter.flag).map((f) => f.hireId);
    add((n) => `h.id = ANY(${n}::uuid[])`, ids);
  }
  return { where: where.join(' AND '), values };
}

export async function listHires(
  db: Queryable,
  organisation: Pick<Organisation, 'id' | 'type'>,
  filter: HireFilter,
  params: Pick<ListParams<HireSort>, 'sort' | 'order' | 'offset' | 'limit'>,
): Promise<{ hires: Hire[]; total: number }> {
  const { where, values } = await conditions(db, organisation, filter);
  const direction = params.order === 'ASC' ? 'ASC' : 'DESC';
  // Newest first unless a column is chosen; the id keeps pages stable.
  const order = params.sort ? `${SORT_SQL[params.sort]} ${direction}` : 'h.starts_at DESC';
  const pageOf = (sql: string, sqlValues: SqlParam[]) =>
    db.query<HireRow>(
      `${HIRE_SELECT} WHERE ${sql} ORDER BY ${order}, h.id
        LIMIT $${sqlValues.length + 1} OFFSET $${sqlValues.length + 2}`,
      [...sqlValues, params.limit, params.offset],
    );
  const counted = db.query<{ total: string }>(
    `SELECT count(*) AS total FROM hire h WHERE ${where}`,
    values,
  );
  if (!filter.q) {
    const [rows, [count]] = await Promise.all([pageOf(where, values), counted]);
    return { hires: rows.map((row) => toHire(row, organisation.id)), total: Number(count?.total) };
  }
  // A search that finds few hires reads them through its indexes, then orders those: walking
  // every hire in the list's order to test each would read them all. One that finds many meets
  // a match soon in that order, and is read as a list without a search is.
  const total = Number((await counted)[0]?.total);
  let rows: HireRow[];
  if (total > FEW_FOUND) {
    rows = await pageOf(where, values);
  } else {
    const found = await db.query<{ id: string }>(`SELECT h.id FROM hire h WHERE ${where}`, values);
    rows = await pageOf('h.id = ANY($1::uuid[])', [found.map((row) => row.id)]);
  }
  return { hires: rows.map((row) => toHire(row, organisation.id)), total };
}
