// Service plan templates (issue 42, docs/maintenance.md "Plans"): named tasks with intervals by
// engine hours, calendar and distance, a due-soon margin, a safety-critical flag, and the machines
// they apply to (by category, by model, or named).
import {
  DEFAULT_DUE_SOON_DAYS,
  DEFAULT_DUE_SOON_H,
  type ServicePlan,
  type ServicePlanBody,
  type ServicePlanPatch,
} from '../../../src/domain/api/maintenance.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';

/** A plan's intervals and margins as its columns hold them. */
export interface IntervalColumns {
  interval_h: number | null;
  interval_days: number | null;
  interval_months: number | null;
  interval_km: number | null;
  due_soon_h: number;
  due_soon_days: number;
}

interface PlanRow extends IntervalColumns {
  id: string;
  name: string;
  safety_critical: boolean;
  categories: string[];
  models: string[];
  machine_ids: string[];
  machine_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Plan `p` applies to machine `m`: by its category, its model, or by name. */
export const PLAN_COVERS = `(m.category = ANY(p.categories) OR m.model = ANY(p.models) OR m.id = ANY(p.machine_ids))`;

/** The machines of the plan's organisation it applies to. */
const APPLIES_TO = `m.organisation_id = p.organisation_id AND m.archived_at IS NULL AND ${PLAN_COVERS}`;

const PLAN_SELECT = `
  SELECT p.id, p.name, p.interval_h, p.interval_days, p.interval_months, p.interval_km, p.due_soon_h,
         p.due_soon_days, p.safety_critical, p.categories, p.models, p.machine_ids::text[] AS machine_ids,
         (SELECT count(*)::int FROM machine m WHERE ${APPLIES_TO}) AS machine_count,
         p.created_at, p.updated_at
    FROM service_plan p`;

const toPlan = (row: PlanRow): ServicePlan => ({
  id: row.id,
  name: row.name,
  intervalH: row.interval_h,
  intervalDays: row.interval_days,
  intervalMonths: row.interval_months,
  intervalKm: row.interval_km,
  dueSoonH: row.due_soon_h,
  dueSoonDays: row.due_soon_days,
  safetyCritical: row.safety_critical,
  categories: row.categories,
  models: row.models,
  machineIds: row.machine_ids,
  machineCount: row.machine_count,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const PLAN_SORTS = ['name', 'createdAt'] as const;

export async function listPlans(
  db: Queryable,
  organisationId: string,
  order: { sort?: (typeof PLAN_SORTS)[number]; order: 'ASC' | 'DESC' },
): Promise<ServicePlan[]> {
  const by = order.sort === 'createdAt' ? 'p.created_at' : 'lower(p.name)';
  const rows = await db.query<PlanRow>(
    `${PLAN_SELECT} WHERE p.organisation_id = $1 ORDER BY ${by} ${order.order}, p.id`,
    [organisationId],
  );
  return rows.map(toPlan);
}

export async function getPlan(db: Queryable, organisationId: string, id: string) {
  const [row] = await db.query<PlanRow>(
    `${PLAN_SELECT} WHERE p.organisation_id = $1 AND p.id = $2`,
    [organisationId, id],
  );
  if (!row) throw notFound('No such service plan');
  return toPlan(row);
}

type PlanValues = Required<ServicePlanBody>;

const nullable = <T>(value: T | null | undefined): T | null => value ?? null;

/** The plan's values after a write, checked: at least one interval, days or months, its machines. */
async function checkedValues(
  db: Queryable,
  organisationId: string,
  before: ServicePlan | null,
  body: ServicePlanPatch,
): Promise<PlanValues> {
  const pick = <K extends keyof ServicePlanBody>(key: K, fallback: PlanValues[K]): PlanValues[K] =>
    (body[key] === undefined ? (before?.[key] ?? fallback) : body[key]) as PlanValues[K];
  const values: PlanValues = {
    name: pick('name', ''),
    intervalH: nullable(pick('intervalH', null)),
    intervalDays: nullable(pick('intervalDays', null)),
    intervalMonths: nullable(pick('intervalMonths', null)),
    intervalKm: nullable(pick('intervalKm', null)),
    dueSoonH: pick('dueSoonH', DEFAULT_DUE_SOON_H),
    dueSoonDays: pick('dueSoonDays', DEFAULT_DUE_SOON_DAYS),
    safetyCritical: pick('safetyCritical', false),
    categories: pick('categories', []),
    models: pick('models', []),
    machineIds: pick('machineIds', []),
  };
  if (values.name.trim() === '') throw badRequest('name', 'Name the task');
  const { intervalH, intervalDays, intervalMonths, intervalKm } = values;
  if (
    intervalH === null &&
    intervalDays === null &&
    intervalMonths === null &&
    intervalKm === null
  ) {
    throw badRequest('intervalH', 'Give an interval: engine hours, days or months, or kilometres');
  }
  if (intervalDays !== null && intervalMonths !== null) {
    throw badRequest('intervalMonths', 'Count the calendar in days or in months, not both');
  }
  if (values.machineIds.length > 0) {
    const [known] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM machine WHERE organisation_id = $1 AND id = ANY($2::uuid[])',
      [organisationId, [...new Set(values.machineIds)]],
    );
    if ((known?.n ?? 0) !== new Set(values.machineIds).size) {
      throw badRequest('machineIds', 'Name only machines of your organisation');
    }
  }
  return values;
}

const params = (values: PlanValues) => [
  values.name.trim(),
  values.intervalH,
  values.intervalDays,
  values.intervalMonths,
  values.intervalKm,
  values.dueSoonH,
  values.dueSoonDays,
  values.safetyCritical,
  values.categories,
  values.models,
  [...new Set(values.machineIds)],
];

const COLUMNS = `name, interval_h, interval_days, interval_months, interval_km, due_soon_h,
  due_soon_days, safety_critical, categories, models, machine_ids`;

/** A name the organisation already gave another plan is a 409 naming `name`. */
async function write<T>(run: () => Promise<T>, name: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw conflict(`Another plan is called ${name}`, 'name');
    }
    throw error;
  }
}

export async function createPlan(
  db: Queryable,
  organisationId: string,
  body: ServicePlanBody,
): Promise<ServicePlan> {
  const values = await checkedValues(db, organisationId, null, body);
  const [row] = await write(
    () =>
      db.query<{ id: string }>(
        `INSERT INTO service_plan (organisation_id, ${COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::uuid[]) RETURNING id`,
        [organisationId, ...params(values)],
      ),
    values.name,
  );
  return getPlan(db, organisationId, row?.id ?? '');
}

export async function updatePlan(
  db: Queryable,
  organisationId: string,
  id: string,
  patch: ServicePlanPatch,
): Promise<ServicePlan> {
  const before = await getPlan(db, organisationId, id);
  const values = await checkedValues(db, organisationId, before, patch);
  await write(
    () =>
      db.query(
        `UPDATE service_plan SET (${COLUMNS}, updated_at) =
           ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::uuid[], now())
         WHERE organisation_id = $1 AND id = $2`,
        [organisationId, id, ...params(values)],
      ),
    values.name,
  );
  return getPlan(db, organisationId, id);
}

/** Deletes the plan; its machines' records stay in their history, no longer under a task. */
export async function deletePlan(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<ServicePlan> {
  const plan = await getPlan(db, organisationId, id);
  await db.query('DELETE FROM service_plan WHERE organisation_id = $1 AND id = $2', [
    organisationId,
    id,
  ]);
  return plan;
}

/** What a plan may apply to: the categories and models of the organisation's machines. */
export async function planChoices(db: Queryable, organisationId: string) {
  const rows = await db.query<{ kind: 'category' | 'model'; value: string }>(
    `SELECT DISTINCT 'category' AS kind, category AS value FROM machine
      WHERE organisation_id = $1 AND archived_at IS NULL AND category IS NOT NULL
     UNION SELECT DISTINCT 'model', model FROM machine
      WHERE organisation_id = $1 AND archived_at IS NULL AND model IS NOT NULL
     ORDER BY value`,
    [organisationId],
  );
  const of = (kind: 'category' | 'model') =>
    rows.filter((row) => row.kind === kind).map((row) => row.value);
  return { categories: of('category'), models: of('model') };
}
