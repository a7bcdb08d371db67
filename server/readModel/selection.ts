// Which machines the list selects: the rows an organisation sees (owned, or hired to it), the
// search and the filter groups.
import { resolveRange, RangeError } from '../../src/domain/dateRange.ts';
import { startOfZonedDay, zonedDate } from '../../src/domain/zonedTime.ts';
import { decodeFilter, FilterQueryError } from '../../src/domain/filterQuery.ts';
import type { MachineListQuery, MachineSortKey } from '../../src/domain/api/machines.ts';
import { EFFECTIVE_METER_LEADS } from '../../src/domain/api/meters.ts';
import type { SqlParam } from '../db/database.ts';
import { badRequest } from '../httpError.ts';
import { BATTERY_STATUSES, SIGNAL_STATUS_BARS, SIGNAL_STATUSES } from '../../src/domain/devices.ts';
import { LEARNING_PERIOD_S } from '../telemetry/engine/rules.ts';

/** The organisation that looks: whose machines, and the time zone its days are counted in. */
export interface ViewingOrganisation {
  id: string;
  timezone: string;
}

/** Filter groups whose keys are ids: anything else cannot match and is a mistake. */
const ID_GROUPS: ReadonlySet<string> = new Set(['site', 'machine', 'shift', 'siteShift']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Engine hours since a machine's hour meter was last read (a correction): whole days from the day
 * rollups after the reading's day, and that day's segments after the reading. Machine `m`, its
 * owner `mo`.
 */
export const ENGINE_HOURS_SINCE_READING = `
  (coalesce((SELECT sum(d.active_s + d.idle_s) FROM machine_day_rollup d
              WHERE d.machine_id = m.id AND d.day > (m.hour_meter_at AT TIME ZONE mo.timezone)::date), 0)
   + coalesce((SELECT sum(extract(epoch FROM a.to_at - greatest(a.from_at, m.hour_meter_at)))
                 FROM activity_segment a
                WHERE a.machine_id = m.id AND a.state IN ('active', 'idle') AND a.to_at > m.hour_meter_at
                  AND a.from_at >= (m.hour_meter_at AT TIME ZONE mo.timezone)::date::timestamp AT TIME ZONE mo.timezone
                  AND a.from_at < ((m.hour_meter_at AT TIME ZONE mo.timezone)::date + 1)::timestamp AT TIME ZONE mo.timezone), 0)
  ) / 3600`;

/**
 * One row per visible machine. A rental company sees the machines it owns; a customer sees a
 * machine while a hire to it overlaps the range. `shown` is the hire the row describes: for an
 * owner the hire running now, for a customer its own latest hire in the range.
 * $1 organisation, $2 range start or null, $3 range end or null. Descriptors only: the activity
 * of the range is summed from the rollup cache (rollupCache.ts), not here. `only` names a
 * parameter holding the ids to read, for a page: then the other machines are never visited.
 */
export const machineRows = (only?: string) => `
  WITH visible AS (
    -- An owned machine shows the hire running now: one hash join, not a lookup per machine.
    SELECT m.id, true AS owned, cur.id AS shown_id
      FROM machine m
      LEFT JOIN (
        SELECT DISTINCT ON (h.machine_id) h.machine_id, h.id
          FROM hire h JOIN machine hm ON hm.id = h.machine_id
         WHERE hm.organisation_id = $1 AND h.starts_at <= now() AND coalesce(h.ends_at, 'infinity') > now()
           ${only ? `AND hm.id = ANY(${only})` : ''}
         ORDER BY h.machine_id, h.starts_at DESC
      ) cur ON cur.machine_id = m.id
     WHERE m.organisation_id = $1 ${only ? `AND m.id = ANY(${only})` : ''}
    UNION ALL
    -- Another owner's machines, apart from the owned ones by definition: the caller's latest hire
    -- of each in the range.
    (SELECT DISTINCT ON (h.machine_id) h.machine_id, false, h.id
       FROM hire h JOIN machine hm ON hm.id = h.machine_id
      WHERE h.customer_organisation_id = $1 AND hm.organisation_id <> $1
        ${only ? `AND hm.id = ANY(${only})` : ''}
        AND coalesce(h.ends_at, 'infinity') > coalesce($2::timestamptz, '-infinity')
        AND h.starts_at < coalesce($3::timestamptz, 'infinity')
      ORDER BY h.machine_id, h.starts_at DESC)
  ), rows AS (
    SELECT m.id, v.owned, m.name, m.asset_id AS "assetID", m.image_url AS "imageUrl", m.type, m.category,
           CASE WHEN shown.starts_at <= now() AND coalesce(shown.ends_at, 'infinity') > now()
                THEN 'ON_HIRE' ELSE 'OFF_HIRE' END AS "hiredStatus",
           coalesce(customer.name, shown.customer_name) AS customer,
           -- An owned machine off hire stands in its depot; on hire it is where the hire says, if it says.
           coalesce(hire_site.name, CASE WHEN v.owned AND shown.id IS NULL THEN home.name END) AS site,
           -- The owner's own bookkeeping (its note, groups, and who finances the machine) is not
           -- a customer's to see: a customer sees the rental company as the owner.
           m.oem, CASE WHEN v.owned THEN grp.name END AS "group",
           CASE WHEN v.owned THEN m.group_id END AS group_id, m.manufacturing_year AS "manufacturingYear",
           CASE WHEN v.owned THEN m.ownership_type END AS "ownershipType",
           CASE WHEN v.owned THEN m.owner ELSE mo.name END AS owner,
           CASE WHEN v.owned THEN m.note END AS note, shown.contract_number AS "contractNumber",
           CASE WHEN m.hour_meter_at IS NULL THEN m.hour_meter_h
                ELSE m.hour_meter_h + ${ENGINE_HOURS_SINCE_READING} END AS "hourMeter",
           m.hour_meter_source AS "hourMeterSource", m.hour_meter_at AS "hourMeterReadAt",
           -- Whether the meter's sources agree is the owner's bookkeeping.
           v.owned AND m.meter_drifting AS "meterDrifting", m.archived_at AS archived, m.breakdown,
           coalesce(shown.site_id, CASE WHEN v.owned AND shown.id IS NULL THEN m.site_id END) AS site_id,
           shown.customer_organisation_id, shown.id AS hire_id, shown.starts_at AS hire_starts_at,
           shown.ends_at AS hire_ends_at, mo.timezone AS owner_timezone,
           -- A customer saw the machine last when its hire ended, at the latest.
           CASE WHEN v.owned THEN seen.last_seen_at
                WHEN seen.last_seen_at < shown.starts_at THEN NULL
                ELSE least(seen.last_seen_at, shown.ends_at) END AS "lastSeenAt",
           coalesce(seen.source_types, '{}') AS source_types,
           coalesce(hire_site.code, CASE WHEN v.owned AND shown.id IS NULL THEN home.code END) AS site_code,
           -- The shift the engine measures out-of-hours against now: its site's, else the owner's default.
           coalesce(hire_site.shift_id, CASE WHEN v.owned AND shown.id IS NULL THEN home.shift_id END) AS site_shift_id,
           coalesce(hire_site.shift_id, CASE WHEN v.owned AND shown.id IS NULL THEN home.shift_id END,
                    default_shift.id) AS shift_id,
           -- A customer sees where the machine was, and who operated it, during its hire only.
           CASE WHEN v.owned OR seen.position_at BETWEEN shown.starts_at AND coalesce(shown.ends_at, 'infinity')
                THEN seen.position_at END AS position_at,
           seen.latitude, seen.longitude,
           CASE WHEN v.owned OR oper.assigned_at BETWEEN shown.starts_at AND coalesce(shown.ends_at, 'infinity')
                THEN oper.name END AS operator_name,
           oper.assigned_at AS operator_assigned_at,
           coalesce(seen.last_seen_at - seen.first_seen_at < make_interval(secs => ${LEARNING_PERIOD_S}), false)
             AS "isLearning"
      FROM visible v
      JOIN machine m ON m.id = v.id
      JOIN organisation mo ON mo.id = m.organisation_id
      LEFT JOIN machine_group grp ON grp.id = m.group_id
      LEFT JOIN hire shown ON shown.id = v.shown_id
      LEFT JOIN organisation customer ON customer.id = shown.customer_organisation_id
      LEFT JOIN site hire_site ON hire_site.id = shown.site_id
      LEFT JOIN site home ON home.id = m.site_id
      LEFT JOIN shift default_shift ON default_shift.organisation_id = m.organisation_id AND default_shift.is_default
      LEFT JOIN (SELECT machine_id, max(last_seen_at) AS last_seen_at, array_agg(DISTINCT type) AS source_types,
                        min(first_seen_at) AS first_seen_at,
                        -- The newest usable position and operator key among the machine's sources.
                        (array_agg(last_latitude ORDER BY last_position_at DESC NULLS LAST))[1] AS latitude,
                        (array_agg(last_longitude ORDER BY last_position_at DESC NULLS LAST))[1] AS longitude,
                        max(last_position_at) AS position_at,
                        (array_agg(driver_key ORDER BY driver_key_at DESC NULLS LAST))[1] AS driver_key,
                        (array_agg(driver_key_since ORDER BY driver_key_at DESC NULLS LAST))[1] AS driver_key_since
                   FROM source ${only ? `WHERE machine_id = ANY(${only})` : ''} GROUP BY machine_id) seen
        ON seen.machine_id = m.id
      LEFT JOIN machine_operator op ON op.machine_id = m.id
      LEFT JOIN operator_key opk ON opk.organisation_id = m.organisation_id AND opk.key = seen.driver_key
      -- The operator is the newer of the assignment and the key; a key without a name shows as itself.
      CROSS JOIN LATERAL (
        SELECT CASE WHEN seen.driver_key_since > coalesce(op.assigned_at, '-infinity')
                    THEN coalesce(opk.name, seen.driver_key) ELSE op.name END AS name,
               CASE WHEN seen.driver_key_since > coalesce(op.assigned_at, '-infinity')
                    THEN seen.driver_key_since ELSE op.assigned_at END AS assigned_at
      ) oper
  )`;

/** Every visible machine's row. */
export const MACHINE_ROWS = machineRows();

/**
 * The day rollup `d` of machine `m` (owned by organisation `mo`) is one organisation $1 may see:
 * its own machine's, or a day of its hire of another's.
 */
export const VISIBLE_DAY = `(m.organisation_id = $1 OR EXISTS (
  SELECT 1 FROM hire h
   WHERE h.machine_id = m.id AND h.customer_organisation_id = $1
     AND d.day >= (h.starts_at AT TIME ZONE mo.timezone)::date
     AND (h.ends_at IS NULL
          OR d.day <= ((h.ends_at - interval '1 microsecond') AT TIME ZONE mo.timezone)::date)))`;

/** What a filter condition may need besides its keys: more parameters, and the moments it compares with. */
interface FilterContext {
  param(value: SqlParam): string;
  /** The organisation's today, and seven days before it (yyyy-MM-dd). */
  today: string;
  weekAgo: string;
  /** The same two days' local midnights, and 24 hours ago. */
  todayStart: Date;
  weekAgoStart: Date;
  dayAgo: Date;
}

/** Records of the machine's sources with a usable position since `since` (null: ever). */
const positionSince = (since: string | null) => `EXISTS (
  SELECT 1 FROM source s JOIN telemetry_record r ON r.source_id = s.id
   WHERE s.machine_id = rows.id AND r.invalid_reason IS NULL AND r.position_invalid_reason IS NULL
     AND r.latitude IS NOT NULL${since ? ` AND r.device_time >= ${since}` : ''})`;
/** Days of the machine with engine hours since `since` (null: ever). */
const activitySince = (since: string | null) => `EXISTS (
  SELECT 1 FROM machine_day_rollup d
   WHERE d.machine_id = rows.id AND d.active_s + d.idle_s > 0${since ? ` AND d.day >= ${since}` : ''})`;

/** A device on the machine, in service, meets the condition (on `s`). */
const deviceWhere = (condition: string) => `EXISTS (
  SELECT 1 FROM source s WHERE s.machine_id = rows.id AND s.out_of_service_at IS NULL AND ${condition})`;

/** A condition for each chosen key of a group that is not a plain column: the keys are ORed. */
function anyOf(keys: string[], conditions: Record<string, () => string>, group: string): string {
  const parts = keys.map((key) => {
    // Own keys only: 'toString' or '__proto__' would otherwise find Object's and reach the SQL.
    const condition = Object.hasOwn(conditions, key) ? conditions[key]?.() : undefined;
    if (condition === undefined)
      throw badRequest('filter', `unknown key '${key}' in filter group '${group}'`);
    return condition;
  });
  return `(${parts.join(' OR ')})`;
}

/**
 * Filter groups the list understands (src/domain/filters.ts), each a condition on `rows`. Keys of
 * one group are alternatives; groups must all hold.
 */
const FILTER_CONDITIONS: Record<string, (keys: string[], c: FilterContext) => string> = {
  customer: (keys, c) =>
    `(customer_organisation_id::text = ANY(${c.param(keys)}) OR customer = ANY(${c.param(keys)}))`,
  hiredStatus: (keys, c) => `"hiredStatus" = ANY(${c.param(keys)})`,
  type: (keys, c) => `type = ANY(${c.param(keys)})`,
  category: (keys, c) => `category = ANY(${c.param(keys)})`,
  oem: (keys, c) => `oem = ANY(${c.param(keys)})`,
  site: (keys, c) => `site_id::text = ANY(${c.param(keys)})`,
  siteCode: (keys, c) => `site_code = ANY(${c.param(keys)})`,
  machine: (keys, c) => `id::text = ANY(${c.param(keys)})`,
  group: (keys, c) => `"group" = ANY(${c.param(keys)})`,
  ownershipType: (keys, c) => `"ownershipType" = ANY(${c.param(keys)})`,
  owner: (keys, c) => `owner = ANY(${c.param(keys)})`,
  source: (keys, c) => `source_types && ${c.param(keys)}::text[]`,
  telematics: (keys) =>
    anyOf(
      keys,
      {
        fitted: () => 'cardinality(source_types) > 0',
        none: () => 'cardinality(source_types) = 0',
      },
      'telematics',
    ),
  // Each key asks for the parameters it compares with only when chosen: an unused parameter is
  // an error on PostgreSQL.
  sourceStatus: (keys, c) =>
    anyOf(
      keys,
      {
        reporting: () => `"lastSeenAt" >= ${c.param(c.dayAgo)}`,
        silent: () => `"lastSeenAt" < ${c.param(c.dayAgo)}`,
        never: () => `"lastSeenAt" IS NULL`,
      },
      'sourceStatus',
    ),
  lastReportedActivity: (keys, c) =>
    anyOf(
      keys,
      {
        today: () => activitySince(`${c.param(c.today)}::date`),
        last7Days: () => activitySince(`${c.param(c.weekAgo)}::date`),
        older: () =>
          `(NOT ${activitySince(`${c.param(c.weekAgo)}::date`)} AND ${activitySince(null)})`,
        never: () => `NOT ${activitySince(null)}`,
      },
      'lastReportedActivity',
    ),
  lastReportedLocation: (keys, c) =>
    anyOf(
      keys,
      {
        today: () => positionSince(c.param(c.todayStart)),
        last7Days: () => positionSince(c.param(c.weekAgoStart)),
        older: () => `(NOT ${positionSince(c.param(c.weekAgoStart))} AND ${positionSince(null)})`,
        never: () => `NOT ${positionSince(null)}`,
      },
      'lastReportedLocation',
    ),
  shift: (keys, c) => `shift_id::text = ANY(${c.param(keys)})`,
  siteShift: (keys, c) => `site_shift_id::text = ANY(${c.param(keys)})`,
  // A machine matches when any of its devices in service does (src/domain/devices.ts).
  batteryStatus: (keys, c) =>
    anyOf(
      keys,
      Object.fromEntries([
        ...BATTERY_STATUSES.map((status) => [
          status,
          () => deviceWhere(`s.battery_status = ${c.param(status)}`),
        ]),
        ['unknown', () => `NOT ${deviceWhere('s.battery_status IS NOT NULL')}`],
      ]),
      'batteryStatus',
    ),
  signalStatus: (keys, c) =>
    anyOf(
      keys,
      Object.fromEntries([
        ...SIGNAL_STATUSES.map((status) => {
          const [min, max] = SIGNAL_STATUS_BARS[status];
          return [
            status,
            () => deviceWhere(`s.signal_bars BETWEEN ${c.param(min)} AND ${c.param(max)}`),
          ];
        }),
        ['unknown', () => `NOT ${deviceWhere('s.signal_bars IS NOT NULL')}`],
      ]),
      'signalStatus',
    ),
  signalValue: (keys, c) => {
    const bad = keys.find((key) => !/^[0-5]$/.test(key));
    if (bad !== undefined)
      throw badRequest('filter', `unknown key '${bad.slice(0, 40)}' in filter group 'signalValue'`);
    return deviceWhere(`s.signal_bars = ANY(${c.param(keys.map(Number))}::int[])`);
  },
  // The hour meter (issue 41): whose count it reads, none at all, or sources that disagree.
  meter: (keys, c) =>
    anyOf(
      keys,
      {
        ...Object.fromEntries(
          EFFECTIVE_METER_LEADS.map((lead) => [lead, () => `"hourMeterSource" = ${c.param(lead)}`]),
        ),
        none: () => '"hourMeterSource" IS NULL',
        drifting: () => '"meterDrifting"',
      },
      'meter',
    ),
  // Maintenance (issue 42): the machine's stored due points (service_due) say how its tasks stand.
  service: (keys) =>
    anyOf(
      keys,
      {
        overdue: () =>
          `EXISTS (SELECT 1 FROM service_due d WHERE d.machine_id = id AND d.status = 'overdue')`,
        dueSoon: () =>
          `EXISTS (SELECT 1 FROM service_due d WHERE d.machine_id = id AND d.status = 'dueSoon')`,
        notToBeUsed: () =>
          `EXISTS (SELECT 1 FROM service_due d
                    WHERE d.machine_id = id AND d.status = 'overdue' AND d.safety_critical)`,
      },
      'service',
    ),
  // No screen records customer codes yet: no key exists.
  customerCode: (keys) => anyOf(keys, {}, 'customerCode'),
  status: (keys) =>
    anyOf(
      keys,
      {
        active: () => 'archived IS NULL',
        archived: () => 'archived IS NOT NULL',
        brokendown: () => 'breakdown',
      },
      'status',
    ),
};

/** Sort keys the database orders by; the metrics are sorted after they are summed (list.ts). */
export const SORT_EXPRESSIONS: Partial<Record<MachineSortKey, string>> = {
  name: 'lower(name)',
  assetId: 'lower("assetID")',
  category: 'lower(category)',
  type: 'lower(type)',
  site: 'lower(site)',
  customer: 'lower(customer)',
  hiredStatus: '"hiredStatus"',
  lastSeenAt: '"lastSeenAt"',
  hourMeter: '"hourMeter"',
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Filter groups on what only machines, hires, sites, groups, shifts, operators and devices decide
 * (the fleet_change count watches them); the others read records or the clock.
 */
const STABLE_GROUPS = new Set([
  'customer',
  'hiredStatus',
  'type',
  'category',
  'oem',
  'site',
  'siteCode',
  'machine',
  'group',
  'ownershipType',
  'owner',
  'source',
  'shift',
  'siteShift',
  'customerCode',
  'status',
]);

/** Whether an encoded filter uses stable groups only (a malformed one is not: it is refused later). */
export function isStableFilter(filter: string): boolean {
  try {
    return Object.keys(decodeFilter(filter)).every((group) => STABLE_GROUPS.has(group));
  } catch {
    return false;
  }
}

/** What selects machines: the list's query, and for reports the end of the current hire. */
export type MachineSelection = Pick<MachineListQuery, 'start' | 'end' | 'show' | 'filter' | 'q'> & {
  /** The current hire ends in [hireEndsFrom, hireEndsTo). */
  hireEndsFrom?: Date;
  hireEndsTo?: Date;
};

/** The visible machines a list query selects: the parameters of MACHINE_ROWS and the conditions on it. */
export function selectMachines(
  organisation: ViewingOrganisation,
  query: MachineSelection,
): {
  params: SqlParam[];
  param(value: SqlParam): string;
  where: string;
  /** The range as the organisation's local days, inclusive; null where unbounded. */
  fromDay: string | null;
  toDay: string | null;
} {
  let range;
  try {
    range = resolveRange(query.start, query.end, organisation.timezone);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.field, error.message);
    throw error;
  }
  const localDay = (instant: Date | null) =>
    instant ? zonedDate(instant, organisation.timezone) : null;
  const fromDay = localDay(range.from);
  const toDay = localDay(range.to && new Date(range.to.getTime() - 1));
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
    const today = zonedDate(new Date(), organisation.timezone);
    const weekAgo = zonedDate(new Date(Date.now() - 6 * 86_400_000), organisation.timezone);
    const context: FilterContext = {
      param,
      today,
      weekAgo,
      todayStart: startOfZonedDay(today, organisation.timezone),
      weekAgoStart: startOfZonedDay(weekAgo, organisation.timezone),
      dayAgo: new Date(Date.now() - 86_400_000),
    };
    for (const [group, keys] of Object.entries(selection)) {
      const condition = Object.hasOwn(FILTER_CONDITIONS, group) ? FILTER_CONDITIONS[group] : null;
      if (!condition) throw badRequest('filter', `unknown filter group '${group}'`);
      const badId = ID_GROUPS.has(group) && keys.find((key) => !UUID.test(key));
      if (badId) throw badRequest('filter', `'${badId.slice(0, 40)}' is not a ${group} id`);
      if (keys.length > 0) conditions.push(condition(keys, context));
    }
  }

  if (query.hireEndsFrom) conditions.push(`hire_ends_at >= ${param(query.hireEndsFrom)}`);
  if (query.hireEndsTo) conditions.push(`hire_ends_at < ${param(query.hireEndsTo)}`);

  const search = query.q?.trim();
  if (search) {
    const pattern = param(`%${escapeLike(search)}%`);
    conditions.push(
      `(name ILIKE ${pattern} OR "assetID" ILIKE ${pattern} OR site ILIKE ${pattern} OR customer ILIKE ${pattern}
        OR operator_name ILIKE ${pattern} OR EXISTS (SELECT 1 FROM source s WHERE s.machine_id = rows.id
                      AND (s.code ILIKE ${pattern} OR s.short_code ILIKE ${pattern})))`,
    );
  }

  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return { params, param, where, fromDay, toDay };
}
