// GET /v1/portal/maintenance (issue 42, docs/maintenance.md "Due points"): every machine × task of
// the organisation's plans with its due point, read in one query (the machines' meters now, each
// task's last service, the machines' pace over 30 days from the day rollups, and the distance where
// a task counts kilometres), then filtered, sorted and paged.
import type { MaintenanceRow, ServiceStatus } from '../../../src/domain/api/maintenance.ts';
import { SERVICE_STATUSES } from '../../../src/domain/api/maintenance.ts';
import type { EffectiveMeterLead } from '../../../src/domain/api/meters.ts';
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { ENGINE_HOURS_SINCE_READING } from '../../readModel/selection.ts';
import type { ListParams } from '../../simpleRest.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { duePoint } from './due.ts';
import { asCustomer, byOwner, type HiredMachine } from './hired.ts';
import { PLAN_COVERS, type IntervalColumns } from './plans.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pace of the last 30 days counts when the machine reported on this many of them. */
const PACE_DAYS = 30;
const MIN_PACE_DAYS = 7;

export const MAINTENANCE_SORTS = [
  'status',
  'forecastDay',
  'machineName',
  'task',
  'remainingH',
  'remainingDays',
] as const;
export type MaintenanceSort = (typeof MAINTENANCE_SORTS)[number];

export interface MaintenanceFilter {
  status?: ServiceStatus[];
  category?: string[];
  siteId?: string[];
  planId?: string[];
  machineId?: string[];
  /** Only safety-critical tasks (with status overdue: the machines not to be used). */
  safetyCritical?: boolean;
  q?: string;
}

interface TaskRow extends IntervalColumns {
  machine_id: string;
  machine_name: string;
  asset_id: string | null;
  category: string | null;
  site: string | null;
  site_id: string | null;
  plan_id: string;
  task: string;
  safety_critical: boolean;
  applied_day: string;
  meter_h: number | null;
  meter_source: EffectiveMeterLead | null;
  last_day: string | null;
  last_meter_h: number | null;
  last_km: number | null;
  pace_h: number | null;
  pace_days: number;
  distance_km: number | null;
}

const strings = (value: unknown, field: string): string[] | undefined => {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string')) {
    throw badRequest(`filter.${field}`, `filter.${field} is a text or a list of texts`);
  }
  return list as string[];
};

/** The list's filter from simple-rest's `filter` JSON, each field checked. */
export function readMaintenanceFilter(filter: Record<string, unknown>): MaintenanceFilter {
  const known = ['status', 'category', 'siteId', 'planId', 'machineId', 'safetyCritical', 'q'];
  const unknown = Object.keys(filter).find((key) => !known.includes(key));
  if (unknown) throw badRequest('filter', `unknown filter '${unknown.slice(0, 40)}'`);
  const status = strings(filter.status, 'status');
  if (status?.some((s) => !(SERVICE_STATUSES as readonly string[]).includes(s))) {
    throw badRequest('filter.status', `one of ${SERVICE_STATUSES.join(', ')}`);
  }
  const ids = (field: 'machineId' | 'siteId' | 'planId', what: string) => {
    const list = strings(filter[field], field);
    if (list?.some((id) => !UUID.test(id))) {
      throw badRequest(`filter.${field}`, `filter.${field} takes ${what} ids`);
    }
    return list;
  };
  const q = filter.q;
  if (q !== undefined && typeof q !== 'string') throw badRequest('filter.q', 'filter.q is a text');
  const safetyCritical = filter.safetyCritical;
  if (safetyCritical !== undefined && typeof safetyCritical !== 'boolean') {
    throw badRequest('filter.safetyCritical', 'filter.safetyCritical is true or false');
  }
  return {
    status: status as ServiceStatus[] | undefined,
    category: strings(filter.category, 'category'),
    siteId: ids('siteId', 'site'),
    planId: ids('planId', 'service plan'),
    machineId: ids('machineId', 'machine'),
    safetyCritical,
    q,
  };
}

/** Every machine × task of the organisation (of the machines named) and what its due needs. */
const taskRows = (
  db: Queryable,
  organisationId: string,
  today: string,
  machineIds: readonly string[] | null,
) =>
  db.query<TaskRow>(
    // Each machine's meter now and pace once (a machine has several tasks), then its tasks.
    `WITH mach AS (
       SELECT m.id, m.name, m.asset_id, m.category, m.model, m.site_id, mo.timezone,
              CASE WHEN m.hour_meter_at IS NULL THEN m.hour_meter_h
                   ELSE m.hour_meter_h + ${ENGINE_HOURS_SINCE_READING} END AS meter_h,
              m.hour_meter_source
         FROM machine m JOIN organisation mo ON mo.id = m.organisation_id
        WHERE m.organisation_id = $1 AND m.archived_at IS NULL
          AND ($3::uuid[] IS NULL OR m.id = ANY($3::uuid[]))
          AND EXISTS (SELECT 1 FROM service_plan p WHERE p.organisation_id = $1 AND ${PLAN_COVERS})),
     pace AS (
       SELECT d.machine_id, sum(d.active_s + d.idle_s) / 3600 AS hours, count(*)::int AS days
         FROM machine_day_rollup d JOIN mach ON mach.id = d.machine_id
        WHERE d.day > $2::date - ${PACE_DAYS} AND d.day <= $2::date
        GROUP BY d.machine_id)
     SELECT m.id AS machine_id, m.name AS machine_name, m.asset_id, m.category, home.name AS site,
            m.site_id, p.id AS plan_id, p.name AS task, p.safety_critical, p.interval_h,
            p.interval_days, p.interval_months, p.interval_km, p.due_soon_h, p.due_soon_days,
            to_char(p.created_at AT TIME ZONE m.timezone, 'YYYY-MM-DD') AS applied_day,
            m.meter_h, m.hour_meter_source AS meter_source,
            to_char(last.done_at AT TIME ZONE m.timezone, 'YYYY-MM-DD') AS last_day,
            last.meter_h AS last_meter_h, last.distance_km AS last_km,
            pace.hours AS pace_h, coalesce(pace.days, 0) AS pace_days, dist.km AS distance_km
       FROM service_plan p
       JOIN mach m ON ${PLAN_COVERS}
       LEFT JOIN site home ON home.id = m.site_id
       LEFT JOIN pace ON pace.machine_id = m.id
       LEFT JOIN LATERAL (
         SELECT r.done_at, r.meter_h, r.distance_km FROM service_record r
          WHERE r.machine_id = m.id AND r.plan_id = p.id AND r.status = 'done'
          ORDER BY r.done_at DESC LIMIT 1) last ON true
       LEFT JOIN LATERAL (
         SELECT sum(d.distance_m) / 1000 AS km FROM machine_day_rollup d
          WHERE p.interval_km IS NOT NULL AND d.machine_id = m.id) dist ON true
      WHERE p.organisation_id = $1`,
    [organisationId, today, machineIds ? [...machineIds] : null],
  );

const SEVERITY: Record<ServiceStatus, number> = { overdue: 0, dueSoon: 1, ok: 2 };

function compare(sort: MaintenanceSort, a: MaintenanceRow, b: MaintenanceRow): number {
  const nulls = <T>(x: T | null, y: T | null, by: (x: T, y: T) => number) =>
    x === null ? (y === null ? 0 : 1) : y === null ? -1 : by(x, y);
  switch (sort) {
    case 'status':
      return SEVERITY[a.status] - SEVERITY[b.status] || compare('forecastDay', a, b);
    case 'forecastDay':
      return nulls(a.forecastDay, b.forecastDay, (x, y) => x.localeCompare(y));
    case 'machineName':
      return a.machineName.localeCompare(b.machineName);
    case 'task':
      return a.task.localeCompare(b.task);
    case 'remainingH':
      return nulls(a.remainingH, b.remainingH, (x, y) => x - y);
    case 'remainingDays':
      return nulls(a.remainingDays, b.remainingDays, (x, y) => x - y);
  }
}

const matches = (row: MaintenanceRow, task: TaskRow, filter: MaintenanceFilter) => {
  const q = filter.q?.trim().toLowerCase();
  return (
    (!filter.status || filter.status.includes(row.status)) &&
    (!filter.category || (task.category !== null && filter.category.includes(task.category))) &&
    (!filter.siteId || (task.site_id !== null && filter.siteId.includes(task.site_id))) &&
    (!filter.planId || filter.planId.includes(row.planId)) &&
    (filter.safetyCritical === undefined || filter.safetyCritical === row.safetyCritical) &&
    (!q ||
      [row.machineName, row.assetId ?? '', row.task].some((text) => text.toLowerCase().includes(q)))
  );
};

/** The due points of the organisation's machines × tasks (of the machines named, if named). */
export async function dueRows(
  db: Queryable,
  organisation: Pick<Organisation, 'id' | 'timezone'>,
  machineIds: readonly string[] | null = null,
): Promise<{ row: MaintenanceRow; task: TaskRow }[]> {
  const today = zonedDate(new Date(), organisation.timezone);
  const tasks = await taskRows(db, organisation.id, today, machineIds);
  return tasks.map((task) => ({ row: rowOf(task, today), task }));
}

function rowOf(task: TaskRow, today: string): MaintenanceRow {
  const dailyHours =
    task.pace_days >= MIN_PACE_DAYS && task.pace_h !== null ? task.pace_h / PACE_DAYS : null;
  const due = duePoint({
    task: {
      intervalH: task.interval_h,
      intervalDays: task.interval_days,
      intervalMonths: task.interval_months,
      intervalKm: task.interval_km,
      dueSoonH: task.due_soon_h,
      dueSoonDays: task.due_soon_days,
    },
    last: task.last_day
      ? { day: task.last_day, meterH: task.last_meter_h, distanceKm: task.last_km }
      : null,
    appliedDay: task.applied_day,
    meterH: task.meter_h,
    distanceKm: task.distance_km,
    dailyHours,
    today,
  });
  return {
    id: `${task.machine_id}:${task.plan_id}`,
    machineId: task.machine_id,
    machineName: task.machine_name,
    own: true,
    assetId: task.asset_id,
    category: task.category,
    site: task.site,
    planId: task.plan_id,
    task: task.task,
    safetyCritical: task.safety_critical,
    meterH: task.meter_h,
    meterSource: task.meter_source,
    lastDoneDay: task.last_day,
    lastDoneMeterH: task.last_meter_h,
    dailyHours,
    ...due,
  };
}

/**
 * The list worked out now: for the machines the filter names (a machine's page, a few), the
 * organisation's own and those on hire to it (from their owners' plans).
 */
export async function listMaintenance(
  db: Queryable,
  organisation: Organisation,
  filter: MaintenanceFilter,
  params: Pick<ListParams<MaintenanceSort>, 'sort' | 'order' | 'offset' | 'limit'>,
  hired: readonly HiredMachine[] = [],
): Promise<{ rows: MaintenanceRow[]; total: number }> {
  const named = filter.machineId ?? null;
  const theirs = byOwner(hired.filter((h) => named === null || named.includes(h.machineId)));
  const found = [
    ...(await dueRows(db, organisation, named)),
    ...(
      await Promise.all(theirs.map(({ owner, machineIds }) => dueRows(db, owner, machineIds)))
    ).flatMap((due) =>
      due.map(({ row, task }) => ({ row: asCustomer(row), task: { ...task, site_id: null } })),
    ),
  ];
  const rows = found.filter(({ row, task }) => matches(row, task, filter)).map(({ row }) => row);
  const sort = params.sort ?? 'status';
  const direction = params.order === 'DESC' ? -1 : 1;
  rows.sort(
    (a, b) =>
      direction * compare(sort, a, b) ||
      a.machineName.localeCompare(b.machineName) ||
      a.task.localeCompare(b.task),
  );
  return { rows: rows.slice(params.offset, params.offset + params.limit), total: rows.length };
}
