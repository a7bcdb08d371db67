// The machine list: the machines an organisation owns or has on hire, with search, filters, sort and paging.
import { resolveRange, RangeError } from '../../../src/domain/dateRange.ts';
import { decodeFilter, FilterQueryError } from '../../../src/domain/filterQuery.ts';
import {
  ACTIVITY_METRICS,
  type ActivitySummary,
  type MachineListQuery,
  type MachineListReply,
  type MachineRow,
  type MachineSortKey,
} from '../../../src/domain/api/machines.ts';
import type { HireStatus } from '../../../src/domain/constants.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import type { Organisation } from '../orgs/service.ts';

/**
 * One row per visible machine. A rental company sees the machines it owns; a customer sees a
 * machine while a hire to it overlaps the range. `shown` is the hire the row describes: for an
 * owner the hire running now, for a customer its own latest hire in the range.
 * $1 organisation, $2 range start or null, $3 range end or null.
 */
const VISIBLE_MACHINES = `
  WITH visible AS (
    SELECT m.id, true AS owned FROM machine m WHERE m.organisation_id = $1
    UNION
    SELECT h.machine_id, false FROM hire h JOIN machine hm ON hm.id = h.machine_id
     WHERE h.customer_organisation_id = $1 AND hm.organisation_id <> $1
       AND coalesce(h.ends_at, 'infinity') > coalesce($2::timestamptz, '-infinity')
       AND h.starts_at < coalesce($3::timestamptz, 'infinity')
  ), rows AS (
    SELECT m.id, m.name, m.asset_id AS "assetID", m.image_url AS "imageUrl", m.type, m.category,
           CASE WHEN shown.starts_at <= now() AND coalesce(shown.ends_at, 'infinity') > now()
                THEN 'ON_HIRE' ELSE 'OFF_HIRE' END AS "hiredStatus",
           coalesce(customer.name, shown.customer_name) AS customer,
           -- An owned machine off hire stands in its depot; on hire it is where the hire says, if it says.
           coalesce(hire_site.name, CASE WHEN v.owned AND shown.id IS NULL THEN home.name END) AS site,
           m.oem, m.group_name AS "group", m.manufacturing_year AS "manufacturingYear",
           m.ownership_type AS "ownershipType", m.owner, m.note, shown.contract_number AS "contractNumber",
           m.hour_meter_h AS "hourMeter", m.archived_at AS archived, m.breakdown,
           coalesce(shown.site_id, CASE WHEN v.owned AND shown.id IS NULL THEN m.site_id END) AS site_id,
           shown.customer_organisation_id
      FROM visible v
      JOIN machine m ON m.id = v.id
      LEFT JOIN LATERAL (
        SELECT h.* FROM hire h
         WHERE h.machine_id = m.id
           AND CASE WHEN v.owned
                    THEN h.starts_at <= now() AND coalesce(h.ends_at, 'infinity') > now()
                    ELSE h.customer_organisation_id = $1
                         AND coalesce(h.ends_at, 'infinity') > coalesce($2::timestamptz, '-infinity')
                         AND h.starts_at < coalesce($3::timestamptz, 'infinity') END
         ORDER BY h.starts_at DESC LIMIT 1
      ) shown ON true
      LEFT JOIN organisation customer ON customer.id = shown.customer_organisation_id
      LEFT JOIN site hire_site ON hire_site.id = shown.site_id
      LEFT JOIN site home ON home.id = m.site_id
  )`;

/** Filter groups the list understands, each as a condition on `rows` taking an array parameter. */
const FILTER_CONDITIONS: Record<string, (p: string) => string> = {
  customer: (p) => `(customer_organisation_id::text = ANY(${p}) OR customer = ANY(${p}))`,
  site: (p) => `site_id::text = ANY(${p})`,
  hiredStatus: (p) => `"hiredStatus" = ANY(${p})`,
  type: (p) => `type = ANY(${p})`,
  category: (p) => `category = ANY(${p})`,
  oem: (p) => `oem = ANY(${p})`,
  machine: (p) => `id::text = ANY(${p})`,
  ownershipType: (p) => `"ownershipType" = ANY(${p})`,
  owner: (p) => `owner = ANY(${p})`,
  group: (p) => `"group" = ANY(${p})`,
};

// Activity metrics and last-seen come from telemetry; until a machine has any, they add no order.
const SORT_EXPRESSIONS: Record<MachineSortKey, string | undefined> = {
  name: 'lower(name)',
  assetId: 'lower("assetID")',
  category: 'lower(category)',
  type: 'lower(type)',
  site: 'lower(site)',
  customer: 'lower(customer)',
  hiredStatus: '"hiredStatus"',
  lastSeenAt: undefined,
  outOfHours: undefined,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function noActivity(): ActivitySummary {
  return Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, { value: null }])) as ActivitySummary;
}

interface DbRow extends Omit<
  MachineRow,
  | 'archived'
  | 'activitySummary'
  | 'sources'
  | 'hasActivity'
  | 'isLearning'
  | 'lastSeenAt'
  | 'operator'
  | 'location'
> {
  archived: Date | null;
}

export async function listMachines(
  db: Queryable,
  organisation: Organisation,
  query: MachineListQuery,
): Promise<MachineListReply> {
  let range;
  try {
    range = resolveRange(query.start, query.end, organisation.timezone);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.field, error.message);
    throw error;
  }
  const params: SqlParam[] = [organisation.id, range.from, range.to];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  const conditions: string[] = [];

  const show = query.show ?? 'active';
  if (show === 'active') conditions.push('archived IS NULL');
  if (show === 'archived') conditions.push('archived IS NOT NULL');

  if (query.filter) {
    let selection;
    try {
      selection = decodeFilter(query.filter);
    } catch (error) {
      if (error instanceof FilterQueryError) throw badRequest('filter', error.message);
      throw error;
    }
    for (const [group, keys] of Object.entries(selection)) {
      const condition = FILTER_CONDITIONS[group];
      if (!condition) throw badRequest('filter', `unknown filter group '${group}'`);
      conditions.push(condition(param(keys)));
    }
  }

  const search = query.q?.trim();
  if (search) {
    const pattern = param(`%${escapeLike(search)}%`);
    conditions.push(
      `(name ILIKE ${pattern} OR "assetID" ILIKE ${pattern} OR site ILIKE ${pattern} OR customer ILIKE ${pattern})`,
    );
  }

  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const direction = query.order === 'DESC' ? 'DESC' : 'ASC';
  const sortKey = query.sort ?? 'outOfHours';
  const sortExpression = SORT_EXPRESSIONS[sortKey];
  const orderBy = [
    sortExpression && `${sortExpression} ${direction} NULLS LAST`,
    'lower(name)',
    'id',
  ]
    .filter(Boolean)
    .join(', ');
  const paging =
    query.perPage !== undefined
      ? `LIMIT ${query.perPage} OFFSET ${((query.page ?? 1) - 1) * query.perPage}`
      : '';

  const [rows, totals] = await Promise.all([
    db.query<DbRow>(
      `${VISIBLE_MACHINES} SELECT * FROM rows ${where} ORDER BY ${orderBy} ${paging}`,
      params,
    ),
    db.query<{ total: number; on_hire: number }>(
      `${VISIBLE_MACHINES} SELECT count(*) AS total, count(*) FILTER (WHERE "hiredStatus" = 'ON_HIRE') AS on_hire
         FROM rows ${where}`,
      params,
    ),
  ]);
  const total = totals[0]?.total ?? 0;

  const machines: MachineRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    assetID: row.assetID,
    sources: [],
    hasActivity: false,
    isLearning: false,
    lastSeenAt: null,
    imageUrl: row.imageUrl,
    type: row.type,
    category: row.category,
    hiredStatus: row.hiredStatus as HireStatus,
    customer: row.customer,
    site: row.site,
    oem: row.oem,
    group: row.group,
    manufacturingYear: row.manufacturingYear,
    ownershipType: row.ownershipType,
    owner: row.owner,
    note: row.note,
    contractNumber: row.contractNumber,
    hourMeter: row.hourMeter,
    archived: row.archived?.toISOString() ?? null,
    breakdown: row.breakdown,
    operator: null,
    location: null,
    activitySummary: noActivity(),
  }));

  return {
    machines,
    total,
    summary: {
      numberOfMachines: { value: total },
      onHire: { value: totals[0]?.on_hire ?? 0 },
      withActivity: { value: 0 },
      activeHours: { value: null },
      idleHours: { value: null },
      offHours: { value: null },
      totalHours: { value: null },
      outOfHours: { value: null },
      rentalUtilisation: { value: null },
    },
  };
}

/** The OEMs of the organisation's own fleet, for the settings' manufacturers list. */
export async function listManufacturers(db: Queryable, organisationId: string): Promise<string[]> {
  const rows = await db.query<{ oem: string }>(
    'SELECT DISTINCT oem FROM machine WHERE organisation_id = $1 AND oem IS NOT NULL ORDER BY oem',
    [organisationId],
  );
  return rows.map((row) => row.oem);
}
