// The machine list: the machines an organisation owns or has on hire, with search, filters, sort and paging.
import { resolveRange, RangeError } from '../../../src/domain/dateRange.ts';
import { startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import { decodeFilter, FilterQueryError } from '../../../src/domain/filterQuery.ts';
import {
  ACTIVITY_METRICS,
  type ActivitySummary,
  type MachineListQuery,
  type MachineListReply,
  type MachineRow,
  type MachineSortKey,
} from '../../../src/domain/api/machines.ts';
import { TELEMATICS_SOURCE_TYPES, type HireStatus } from '../../../src/domain/constants.ts';
import type { Queryable, SqlParam } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { planRange } from './rangePlan.ts';
import { weekdaysBetween } from './workingDays.ts';
import { MIN_SATELLITES } from '../../telemetry/engine/rules.ts';
import type { Organisation } from '../orgs/service.ts';

/** The additive rollup columns, summed the same way from days and from months. */
const SUMS = `sum(active_s) AS active_s, sum(idle_s) AS idle_s, sum(off_s) AS off_s,
  sum(missing_s) AS missing_s, sum(out_of_hours_s) AS out_of_hours_s, sum(fuel_l) AS fuel_l,
  bool_or(fuel_estimated) AS fuel_estimated, sum(co2_kg) AS co2_kg, sum(distance_m) AS distance_m,
  sum(refills) AS refills, sum(thefts) AS thefts, sum(theft_l) AS theft_l, min(first_day) AS first_day`;
const ADDITIVE = `active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l, fuel_estimated, co2_kg,
  distance_m, refills, thefts, theft_l`;

/**
 * Each visible machine's activity over the range. An owned machine's whole months come from its
 * month rollups and only the days of the months cut by the range from its day rollups: range Max or
 * a calendar month costs a row or a dozen per machine, not a day's row each (docs/performance.md).
 * A hired machine is summed from the days its hires to the caller touch, never beyond them.
 * $6 whether whole months count, $7 and $8 the first and last whole month (null: unbounded);
 * $9 to $11 the days before the first whole month ($9 to $10, exclusive) and after the last ($11
 * to $5); with no whole month, $9 to $10 is the whole range.
 */
const ACTIVITY = `
  activity AS (
    SELECT machine_id, sum(days) AS days, ${SUMS}
      FROM (
        SELECT mm.machine_id, mm.days, ${ADDITIVE.replace(/(\w+)/g, 'mm.$1')}, mm.first_day
          FROM machine m JOIN machine_month_rollup mm ON mm.machine_id = m.id
         WHERE m.organisation_id = $1 AND $6::boolean
           AND ($7::date IS NULL OR mm.month >= $7::date) AND ($8::date IS NULL OR mm.month <= $8::date)
        UNION ALL
        SELECT d.machine_id, 1, ${ADDITIVE.replace(/(\w+)/g, 'd.$1')}, d.day
          FROM machine m JOIN machine_day_rollup d ON d.machine_id = m.id
         WHERE m.organisation_id = $1
           AND ((d.day >= $9::date AND d.day < $10::date) OR (d.day >= $11::date AND d.day <= $5::date))
        UNION ALL
        SELECT d.machine_id, 1, ${ADDITIVE.replace(/(\w+)/g, 'd.$1')}, d.day
          FROM machine m JOIN organisation mo ON mo.id = m.organisation_id
          JOIN machine_day_rollup d ON d.machine_id = m.id
         WHERE m.organisation_id <> $1
           AND ($4::date IS NULL OR d.day >= $4::date) AND ($5::date IS NULL OR d.day <= $5::date)
           AND EXISTS (
             SELECT 1 FROM hire h
              WHERE h.machine_id = m.id AND h.customer_organisation_id = $1
                AND d.day >= (h.starts_at AT TIME ZONE mo.timezone)::date
                AND (h.ends_at IS NULL OR d.day <= (h.ends_at AT TIME ZONE mo.timezone)::date))
      ) parts
     GROUP BY machine_id
  )`;

/**
 * Rental utilisation's parts per machine: active time on the days of its hires in the range, and
 * the hours those hires' contracts expect (working hours per day on each weekday), up to today.
 * An owner counts every hire of its machines; a customer only its own hires. $12 is today.
 */
const RENTAL = `
  rental AS (
    SELECT h.machine_id,
           sum((SELECT coalesce(sum(d.active_s), 0) FROM machine_day_rollup d
                 WHERE d.machine_id = h.machine_id AND d.day >= span.from_day AND d.day <= span.to_day)) AS active_s,
           sum(h.working_hours_per_day * 3600 *
               (SELECT count(*) FROM generate_series(span.from_day, span.to_day, interval '1 day') g
                 WHERE extract(isodow FROM g) < 6)) AS available_s
      FROM hire h
      JOIN machine m ON m.id = h.machine_id
      JOIN organisation mo ON mo.id = m.organisation_id
     CROSS JOIN LATERAL (
       SELECT greatest((h.starts_at AT TIME ZONE mo.timezone)::date, coalesce($4::date, '-infinity')) AS from_day,
              least(coalesce(((h.ends_at - interval '1 microsecond') AT TIME ZONE mo.timezone)::date, 'infinity'),
                    coalesce($5::date, 'infinity'), $12::date) AS to_day
     ) span
     WHERE (m.organisation_id = $1 OR h.customer_organisation_id = $1) AND span.from_day <= span.to_day
     GROUP BY h.machine_id
  )`;

/**
 * Engine hours since a machine's hour meter was last read (a correction): whole days from the day
 * rollups after the reading's day, and that day's segments after the reading.
 */
const ENGINE_HOURS_SINCE_READING = `
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
 * $1 organisation, $2 range start or null, $3 range end or null; $4 and $5 the same range as local
 * days of the organisation (inclusive), or null; $6 to $11 how ACTIVITY reads that range; $12 the
 * organisation's today.
 */
export const MACHINE_ROWS = `
  WITH ${ACTIVITY}, ${RENTAL},
  visible AS (
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
           m.oem, grp.name AS "group", m.group_id, m.manufacturing_year AS "manufacturingYear",
           m.ownership_type AS "ownershipType", m.owner, m.note, shown.contract_number AS "contractNumber",
           CASE WHEN m.hour_meter_at IS NULL THEN m.hour_meter_h
                ELSE m.hour_meter_h + ${ENGINE_HOURS_SINCE_READING} END AS "hourMeter", m.archived_at AS archived, m.breakdown,
           coalesce(shown.site_id, CASE WHEN v.owned AND shown.id IS NULL THEN m.site_id END) AS site_id,
           shown.customer_organisation_id, shown.ends_at AS hire_ends_at,
           act.days AS activity_days, act.active_s, act.idle_s, act.off_s, act.missing_s, act.out_of_hours_s,
           act.fuel_l, act.fuel_estimated, act.co2_kg, act.distance_m, act.refills, act.thefts, act.theft_l,
           to_char(act.first_day, 'YYYY-MM-DD') AS first_day,
           rent.active_s AS rental_active_s, rent.available_s AS rental_available_s,
           seen.last_seen_at AS "lastSeenAt", coalesce(seen.source_types, '{}') AS source_types,
           coalesce(hire_site.code, CASE WHEN v.owned AND shown.id IS NULL THEN home.code END) AS site_code
      FROM visible v
      JOIN machine m ON m.id = v.id
      JOIN organisation mo ON mo.id = m.organisation_id
      LEFT JOIN machine_group grp ON grp.id = m.group_id
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
      LEFT JOIN activity act ON act.machine_id = m.id
      LEFT JOIN rental rent ON rent.machine_id = m.id
      LEFT JOIN (SELECT machine_id, max(last_seen_at) AS last_seen_at, array_agg(DISTINCT type) AS source_types
                   FROM source GROUP BY machine_id) seen
        ON seen.machine_id = m.id
  )`;

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

/** A condition for each chosen key of a group that is not a plain column: the keys are ORed. */
function anyOf(keys: string[], conditions: Record<string, () => string>, group: string): string {
  const parts = keys.map((key) => {
    const condition = conditions[key]?.();
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
  // No device or screen records these yet (shifts, battery and signal health): no key exists.
  ...Object.fromEntries(
    ['customerCode', 'shift', 'siteShift', 'batteryStatus', 'signalStatus', 'signalValue'].map(
      (group) => [group, (keys: string[]) => anyOf(keys, {}, group)],
    ),
  ),
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

const SORT_EXPRESSIONS: Record<MachineSortKey, string> = {
  name: 'lower(name)',
  assetId: 'lower("assetID")',
  category: 'lower(category)',
  type: 'lower(type)',
  site: 'lower(site)',
  customer: 'lower(customer)',
  hiredStatus: '"hiredStatus"',
  lastSeenAt: '"lastSeenAt"',
  outOfHours: 'out_of_hours_s',
  activeHours: 'active_s',
  idleHours: 'idle_s',
  offHours: 'off_s',
  totalHours: '(active_s + idle_s)',
  idlePercentage: 'idle_s / nullif(active_s + idle_s, 0)',
  rentalUtilisation: 'rental_active_s / nullif(rental_available_s, 0)',
  fuelUtilisation: 'fuel_l',
  emissionsUtilisation: 'co2_kg',
  totalRefillEvents: 'refills',
  totalTheftEvents: 'thefts',
  // The value is the share of time with data; the screen shows 100 minus it.
  missingPercentage: 'missing_s / nullif(active_s + idle_s + off_s + missing_s, 0)',
  hourMeter: '"hourMeter"',
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface ActivityColumns {
  activity_days: number;
  active_s: number | null;
  idle_s: number | null;
  off_s: number | null;
  missing_s: number | null;
  out_of_hours_s: number | null;
  fuel_l: number | null;
  fuel_estimated: boolean | null;
  co2_kg: number | null;
  distance_m: number | null;
  refills: number | null;
  thefts: number | null;
  theft_l: number | null;
  /** The first day with a rollup in the range (yyyy-MM-dd). */
  first_day: string | null;
  rental_active_s: number | null;
  rental_available_s: number | null;
}

type RowFromDb = Omit<
  MachineRow,
  | 'archived'
  | 'activitySummary'
  | 'sources'
  | 'hasActivity'
  | 'isLearning'
  | 'lastSeenAt'
  | 'operator'
  | 'location'
>;

interface DbRow extends RowFromDb, ActivityColumns {
  archived: Date | null;
  lastSeenAt: Date | null;
  sources: MachineRow['sources'];
}

/** The fleet's sums over one first day with data: working utilisation needs each machine's. */
interface TotalsRow extends ActivityColumns {
  machines: number;
  on_hire: number;
  with_activity: number;
}

const SUMMED_COLUMNS = [
  'activity_days',
  'active_s',
  'idle_s',
  'off_s',
  'missing_s',
  'out_of_hours_s',
  'fuel_l',
  'co2_kg',
  'distance_m',
  'refills',
  'thefts',
  'theft_l',
  'rental_active_s',
  'rental_available_s',
] as const;

const hours = (seconds: number | null) => (seconds === null ? null : seconds / 3600);
const ratio = (part: number | null, whole: number | null, scale = 100) =>
  part === null || whole === null || whole === 0 ? null : (part / whole) * scale;

/** Hours a machine is expected to work on a working day, until contracts and shifts say otherwise. */
const WORKING_HOURS_PER_DAY = 8;

/** The days a range covers, for utilisation: inclusive, never past today. */
interface RangeDays {
  fromDay: string | null;
  toDay: string | null;
  today: string;
}

/** Hours available for work from the later of the range's start and the first day with data, to
 * the earlier of the range's end and today: weekdays at WORKING_HOURS_PER_DAY. */
function availableSeconds(firstDay: string | null, range: RangeDays): number {
  if (!firstDay) return 0;
  const from = range.fromDay && range.fromDay > firstDay ? range.fromDay : firstDay;
  const to = range.toDay && range.toDay < range.today ? range.toDay : range.today;
  return weekdaysBetween(from, to) * WORKING_HOURS_PER_DAY * 3600;
}

/**
 * The activity metrics of spec point 3 from summed rollups (a machine's, or a fleet's), with the
 * seconds available for work over the same machines; metrics without data stay null.
 */
function activitySummary(row: ActivityColumns, availableS: number): ActivitySummary {
  const summary = Object.fromEntries(
    ACTIVITY_METRICS.map((m) => [m, { value: null }]),
  ) as ActivitySummary;
  const set = (metric: keyof ActivitySummary, value: number | null) =>
    (summary[metric] = { value });
  // A machine on hire that never ran still earned its contract nothing: 0 %, not unknown.
  set('rentalUtilisation', ratio(row.rental_active_s, row.rental_available_s));
  if (!row.activity_days) return summary;
  const engineS = (row.active_s ?? 0) + (row.idle_s ?? 0);
  const recordedS = engineS + (row.off_s ?? 0) + (row.missing_s ?? 0);
  set('activeHours', hours(row.active_s));
  set('idleHours', hours(row.idle_s));
  set('offHours', hours(row.off_s));
  set('totalHours', hours(engineS));
  set('outOfHours', hours(row.out_of_hours_s));
  set('idlePercentage', ratio(row.idle_s, engineS));
  // Shown as 100 minus the value: the value is the share of time with data.
  set('missingPercentage', ratio(recordedS - (row.missing_s ?? 0), recordedS));
  set('fuelBurnRate', ratio(row.fuel_l, engineS, 3600));
  set('fuelBurnPerKM', row.distance_m ? ratio(row.fuel_l, row.distance_m, 1000) : null);
  set('fuelUtilisation', row.fuel_l);
  set('emissionsUtilisation', row.co2_kg);
  set('totalRefillEvents', row.refills);
  set('totalTheftEvents', row.thefts);
  // The share of the fuel that left the tank that was stolen.
  set(
    'avgPctTheftEvents',
    row.thefts ? ratio(row.theft_l, (row.fuel_l ?? 0) + (row.theft_l ?? 0)) : 0,
  );
  set('workingUtilisation', availableS > 0 ? ratio(row.active_s, availableS) : null);
  return summary;
}

/** What selects machines: the list's query, and for reports the end of the current hire. */
export type MachineSelection = Pick<MachineListQuery, 'start' | 'end' | 'show' | 'filter' | 'q'> & {
  /** The current hire ends in [hireEndsFrom, hireEndsTo). */
  hireEndsFrom?: Date;
  hireEndsTo?: Date;
};

/** The visible machines a list query selects: the parameters of MACHINE_ROWS and the conditions on it. */
export function selectMachines(
  organisation: Organisation,
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
  const plan = planRange(fromDay, toDay);
  const params: SqlParam[] = [
    organisation.id,
    range.from,
    range.to,
    fromDay,
    toDay,
    plan.months,
    plan.firstMonth,
    plan.lastMonth,
    plan.leadFrom,
    plan.leadTo,
    plan.trailFrom,
    zonedDate(new Date(), organisation.timezone),
  ];
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
      const condition = FILTER_CONDITIONS[group];
      if (!condition) throw badRequest('filter', `unknown filter group '${group}'`);
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
        OR EXISTS (SELECT 1 FROM source s WHERE s.machine_id = rows.id
                      AND (s.code ILIKE ${pattern} OR s.short_code ILIKE ${pattern})))`,
    );
  }

  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return { params, param, where, fromDay, toDay };
}

export async function listMachines(
  db: Queryable,
  organisation: Organisation,
  query: MachineListQuery & MachineSelection,
): Promise<MachineListReply> {
  const { params, where, fromDay, toDay } = selectMachines(organisation, query);
  const rangeDays = { fromDay, toDay, today: zonedDate(new Date(), organisation.timezone) };
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
      // Sources are read for the rows of the page only.
      `${MACHINE_ROWS}
       SELECT page.*, src.sources
         FROM (SELECT * FROM rows ${where} ORDER BY ${orderBy} ${paging}) page
         LEFT JOIN LATERAL (
           SELECT coalesce(json_agg(json_build_object('type', s.type, 'code', s.code, 'shortCode', s.short_code,
                                                      'hours', oem.hours) ORDER BY s.code), '[]'::json) AS sources
             FROM source s
             -- An OEM feed's source carries the machine's hours as the OEM last reported them.
             LEFT JOIN LATERAL (
               SELECT r.operating_hours_h AS hours FROM telemetry_record r
                WHERE r.source_id = s.id AND r.operating_hours_h IS NOT NULL
                  AND s.type NOT IN (${TELEMATICS_SOURCE_TYPES.map((t) => `'${t}'`).join(', ')})
                ORDER BY r.device_time DESC LIMIT 1
             ) oem ON true
            WHERE s.machine_id = page.id
         ) src ON true
        ORDER BY ${orderBy}`,
      params,
    ),
    db.query<TotalsRow>(
      `${MACHINE_ROWS}
       SELECT first_day, count(*)::int AS machines, count(*) FILTER (WHERE "hiredStatus" = 'ON_HIRE')::int AS on_hire,
              count(*) FILTER (WHERE activity_days > 0)::int AS with_activity, bool_or(fuel_estimated) AS fuel_estimated,
              ${SUMMED_COLUMNS.map((c) => `sum(${c})::float8 AS ${c}`).join(', ')}
         FROM rows ${where} GROUP BY first_day`,
      params,
    ),
  ]);
  // The fleet is the sum of its first-day groups; a metric no machine has stays null.
  const fleet: ActivityColumns = {
    fuel_estimated: totals.some((t) => t.fuel_estimated),
    first_day: null,
    ...Object.fromEntries(
      SUMMED_COLUMNS.map((column) => {
        const values = totals.map((t) => t[column]).filter((v): v is number => v !== null);
        return [column, values.length ? values.reduce((a, b) => a + b, 0) : null];
      }),
    ),
  } as ActivityColumns;
  fleet.activity_days = fleet.activity_days ?? 0;
  const count = (key: 'machines' | 'on_hire' | 'with_activity') =>
    totals.reduce((sum, t) => sum + t[key], 0);
  const total = count('machines');
  const fleetAvailableS = totals.reduce(
    (sum, t) => sum + t.machines * availableSeconds(t.first_day, rangeDays),
    0,
  );

  const machines: MachineRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    assetID: row.assetID,
    sources: row.sources,
    hasActivity: row.activity_days > 0,
    isLearning: false,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
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
    activitySummary: activitySummary(row, availableSeconds(row.first_day, rangeDays)),
  }));

  return {
    machines,
    total,
    summary: {
      numberOfMachines: { value: total },
      onHire: { value: count('on_hire') },
      withActivity: { value: count('with_activity') },
      ...activitySummary(fleet, fleetAvailableS),
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

/**
 * Where the machine was last seen with a usable position, inside the periods the caller may see.
 * Only each source's latest 5,000 records are searched: a sensor without GPS must not make this
 * read its whole history.
 */
export async function latestLocation(
  db: Queryable,
  machineId: string,
  periods: { fromMs: number; toMs: number }[],
): Promise<MachineRow['location']> {
  const until = Math.min(Date.now(), Math.max(...periods.map((p) => p.toMs)));
  const rows = await db.query<{ latitude: number; longitude: number; device_time: Date }>(
    `SELECT r.latitude, r.longitude, r.device_time
       FROM source s
       CROSS JOIN LATERAL (
         SELECT latitude, longitude, device_time, invalid_reason, position_invalid_reason, satellites
           FROM telemetry_record WHERE source_id = s.id AND device_time < $2
          ORDER BY device_time DESC LIMIT 5000) r
      WHERE s.machine_id = $1 AND r.invalid_reason IS NULL AND r.position_invalid_reason IS NULL
        AND r.latitude IS NOT NULL AND r.longitude IS NOT NULL
        AND (r.satellites IS NULL OR r.satellites >= ${MIN_SATELLITES})
      ORDER BY r.device_time DESC LIMIT 200`,
    [machineId, new Date(until)],
  );
  const seen = rows.find((row) =>
    periods.some(
      (p) => p.fromMs <= row.device_time.getTime() && row.device_time.getTime() < p.toMs,
    ),
  );
  return seen
    ? {
        latitude: seen.latitude,
        longitude: seen.longitude,
        lastUpdated: seen.device_time.toISOString(),
      }
    : null;
}
