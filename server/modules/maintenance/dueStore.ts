// The stored due points (issue 42, docs/maintenance.md "Speed"): every machine × task of an
// organisation as last worked out, so the maintenance list reads one page of them, filtered and
// sorted by the database. Writes to plans and services store their machines' again at once; a list
// read finding them over five minutes old answers from them and works them out again after its reply.
import type { MaintenanceRow } from '../../../src/domain/api/maintenance.ts';
import type { Database, Queryable, SqlParam } from '../../db/database.ts';
import type { ListParams } from '../../simpleRest.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { asCustomer, byOwner, type HiredMachine } from './hired.ts';
import { dueRows, type MaintenanceFilter, type MaintenanceSort } from './list.ts';

/**
 * How old the stored due points may be before a read has them worked out again: a machine's meter
 * moves at most five minutes meanwhile, and a fleet of 10,000 is worked out in 4 to 8 s.
 */
export const DUE_FRESH_MS = 5 * 60_000;
/** Rows written per statement. */
const CHUNK = 2_000;

const SEVERITY = { overdue: 0, dueSoon: 1, ok: 2 } as const;

type Scope = Pick<Organisation, 'id' | 'timezone'>;

/** Works out and stores the due points of the organisation's machines (of those named, if named). */
export async function storeDue(
  db: Database,
  organisation: Scope,
  machineIds: readonly string[] | null = null,
): Promise<void> {
  const startedAt = new Date();
  const rows = await dueRows(db, organisation, machineIds);
  await db.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM service_due
        WHERE organisation_id = $1 AND ($2::uuid[] IS NULL OR machine_id = ANY($2::uuid[]))`,
      [organisation.id, machineIds ? [...machineIds] : null],
    );
    for (let start = 0; start < rows.length; start += CHUNK) {
      await insertDue(
        tx,
        organisation.id,
        rows.slice(start, start + CHUNK).map(({ row, task }) => ({ row, siteId: task.site_id })),
      );
    }
    if (machineIds === null) {
      await tx.query(
        `INSERT INTO service_due_state (organisation_id, computed_at) VALUES ($1, $2)
         ON CONFLICT (organisation_id) DO UPDATE SET computed_at = excluded.computed_at`,
        [organisation.id, startedAt],
      );
    }
  });
}

function insertDue(
  tx: Queryable,
  organisationId: string,
  rows: { row: MaintenanceRow; siteId: string | null }[],
) {
  const records = rows.map(({ row, siteId }) => ({
    machine_id: row.machineId,
    plan_id: row.planId,
    severity: SEVERITY[row.status],
    status: row.status,
    safety_critical: row.safetyCritical,
    machine_name: row.machineName,
    asset_id: row.assetId,
    task: row.task,
    category: row.category,
    site_id: siteId,
    forecast_day: row.forecastDay,
    remaining_h: row.remainingH,
    remaining_days: row.remainingDays,
    due: row,
  }));
  // Another process storing the same machines meanwhile wrote rows as fresh as these.
  return tx.query(
    `INSERT INTO service_due (organisation_id, machine_id, plan_id, severity, status, safety_critical,
                              machine_name, asset_id, task, category, site_id, forecast_day,
                              remaining_h, remaining_days, due)
     SELECT $1, r.* FROM jsonb_to_recordset($2::jsonb) AS r(
       machine_id uuid, plan_id uuid, severity smallint, status text, safety_critical boolean,
       machine_name text, asset_id text, task text, category text, site_id uuid, forecast_day date,
       remaining_h double precision, remaining_days integer, due jsonb)
     ON CONFLICT (machine_id, plan_id) DO NOTHING`,
    [organisationId, JSON.stringify(records)],
  );
}

/** When the organisation's due points were last all worked out; null if never. */
async function dueComputedAt(db: Queryable, organisationId: string): Promise<Date | null> {
  const [state] = await db.query<{ computed_at: Date }>(
    'SELECT computed_at FROM service_due_state WHERE organisation_id = $1',
    [organisationId],
  );
  return state?.computed_at ?? null;
}

const ORDER: Record<MaintenanceSort, (direction: string) => string> = {
  status: (d) => `severity ${d}, forecast_day ${d}`,
  forecastDay: (d) => `forecast_day ${d}`,
  machineName: (d) => `machine_name ${d}`,
  task: (d) => `task ${d}`,
  remainingH: (d) => `remaining_h ${d}`,
  remainingDays: (d) => `remaining_days ${d}`,
};

/** One page of the stored due points, filtered and sorted, with how many match. */
export async function storedDuePage(
  db: Queryable,
  organisationId: string,
  filter: Omit<MaintenanceFilter, 'machineId'>,
  params: Pick<ListParams<MaintenanceSort>, 'sort' | 'order' | 'offset' | 'limit'>,
  hiredIds: readonly string[] = [],
): Promise<{ rows: MaintenanceRow[]; total: number }> {
  const q = filter.q?.trim().toLowerCase();
  const direction = params.order === 'DESC' ? 'DESC' : 'ASC';
  const values: SqlParam[] = [
    organisationId,
    filter.status ?? null,
    filter.category ?? null,
    filter.siteId ?? null,
    filter.planId ?? null,
    filter.safetyCritical ?? null,
    q || null,
  ];
  // The machines hired to the organisation only when there are some: the index walks its own.
  let whose = 'organisation_id = $1';
  if (hiredIds.length) {
    values.push([...hiredIds]);
    whose = `(organisation_id = $1 OR machine_id = ANY($${values.length}::uuid[]))`;
  }
  const where = `${whose}
    AND ($2::text[] IS NULL OR status = ANY($2::text[]))
    AND ($3::text[] IS NULL OR category = ANY($3::text[]))
    AND ($4::uuid[] IS NULL OR (organisation_id = $1 AND site_id = ANY($4::uuid[])))
    AND ($5::uuid[] IS NULL OR plan_id = ANY($5::uuid[]))
    AND ($6::boolean IS NULL OR safety_critical = $6)
    AND ($7::text IS NULL OR strpos(lower(machine_name), $7) > 0
         OR strpos(lower(coalesce(asset_id, '')), $7) > 0 OR strpos(lower(task), $7) > 0)`;
  const order = `${ORDER[params.sort ?? 'status'](direction)}, machine_name, task, machine_id`;
  // The page's keys first (the list's index walked in its order), then only their rows.
  const [found, [counted]] = await Promise.all([
    db.query<{ due: MaintenanceRow; organisation_id: string }>(
      `WITH page AS (
         SELECT machine_id, plan_id FROM service_due WHERE ${where}
          ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2})
       SELECT d.due, d.organisation_id FROM page JOIN service_due d USING (machine_id, plan_id)
        ORDER BY ${order}`,
      [...values, params.limit, params.offset],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM service_due WHERE ${where}`,
      values,
    ),
  ]);
  return {
    rows: found.map((row) =>
      // Rows stored before `own` was a field lack it.
      row.organisation_id === organisationId ? { ...row.due, own: true } : asCustomer(row.due),
    ),
    total: counted?.total ?? 0,
  };
}

/** The organisations whose due points this process is working out again after a reply. */
const refreshing = new Set<string>();

/**
 * The organisation's due points are worked out first if they never were; over five minutes old,
 * worked out again by `later` (after the reply), once at a time.
 */
async function freshEnough(
  db: Database,
  organisation: Scope,
  later: (work: () => Promise<void>) => void,
): Promise<void> {
  const computedAt = await dueComputedAt(db, organisation.id);
  if (computedAt === null) {
    await storeDue(db, organisation);
  } else if (Date.now() - computedAt.getTime() > DUE_FRESH_MS && !refreshing.has(organisation.id)) {
    refreshing.add(organisation.id);
    later(() => storeDue(db, organisation).finally(() => refreshing.delete(organisation.id)));
  }
}

/**
 * A page of the due points from the store: the organisation's own machines' and those of the
 * machines on hire to it, which their owners' plans give.
 */
export async function listStoredDue(
  db: Database,
  organisation: Scope,
  filter: Omit<MaintenanceFilter, 'machineId'>,
  params: Pick<ListParams<MaintenanceSort>, 'sort' | 'order' | 'offset' | 'limit'>,
  later: (work: () => Promise<void>) => void,
  hired: readonly HiredMachine[] = [],
): Promise<{ rows: MaintenanceRow[]; total: number }> {
  await freshEnough(db, organisation, later);
  for (const { owner } of byOwner(hired)) await freshEnough(db, owner, later);
  const hiredIds = hired.map((h) => h.machineId);
  return storedDuePage(db, organisation.id, filter, params, hiredIds);
}
