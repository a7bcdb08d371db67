// A machine's service records (issue 42, docs/maintenance.md "Service records"): open (booked) or
// done, with the machine's meter then. A done service's meter reading must agree with the meter's
// history: not below the reading of a service before it, not above one after it, and not above the
// machine's own meter at that moment (a dial read at the hour: an hour's grace).
import type {
  ServiceBody,
  ServiceRecord,
  ServiceRecordState,
} from '../../../src/domain/api/maintenance.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { isOrganisationDocument } from '../files/index.ts';
import { metersAt } from '../meters/index.ts';

/** How far above the machine's meter a person's reading may be: dials are read to the hour. */
const DIAL_GRACE_H = 1;
/** A service may be dated a little ahead of the server's clock, not more. */
const FUTURE_SLACK_MS = 5 * 60_000;

interface ServiceRow {
  id: string;
  machine_id: string;
  plan_id: string | null;
  task: string | null;
  status: ServiceRecordState;
  done_at: Date | null;
  meter_h: number | null;
  distance_km: number | null;
  performed_by: string | null;
  notes: string | null;
  cost: string | null;
  parts: string | null;
  document_ids: string[];
  files: { id: string; name: string }[];
  user_name: string | null;
  created_at: Date;
}

const SERVICE_SELECT = `
  SELECT r.id, r.machine_id, r.plan_id, p.name AS task, r.status, r.done_at, r.meter_h, r.distance_km,
         r.performed_by, r.notes, r.cost::text AS cost, r.parts, r.document_ids::text[] AS document_ids,
         (SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name)
                                   ORDER BY array_position(r.document_ids, d.id)), '[]')
            FROM document d WHERE d.id = ANY(r.document_ids)) AS files,
         nullif(trim(u.first_name || ' ' || u.last_name), '') AS user_name, r.created_at
    FROM service_record r
    LEFT JOIN service_plan p ON p.id = r.plan_id
    LEFT JOIN app_user u ON u.id = r.user_id`;

/** A record as the owner reads it, or as a customer does: without its notes, costs and files. */
export const toService = (row: ServiceRow, owned: boolean): ServiceRecord => ({
  id: row.id,
  machineId: row.machine_id,
  planId: row.plan_id,
  task: row.task,
  status: row.status,
  doneAt: row.done_at?.toISOString() ?? null,
  meterH: row.meter_h,
  distanceKm: row.distance_km,
  performedBy: row.performed_by,
  notes: owned ? row.notes : null,
  cost: owned && row.cost !== null ? Number(row.cost) : null,
  parts: owned ? row.parts : null,
  fileIds: owned ? row.document_ids : [],
  files: owned ? row.files : [],
  userName: row.user_name,
  createdAt: row.created_at.toISOString(),
});

/** The machine's records, open ones first, then the latest done. */
export const machineServices = (db: Queryable, machineId: string) =>
  db.query<ServiceRow>(
    `${SERVICE_SELECT} WHERE r.machine_id = $1
      ORDER BY r.status = 'done', r.done_at DESC NULLS FIRST, r.created_at DESC`,
    [machineId],
  );

export async function serviceById(
  db: Queryable,
  machineId: string,
  id: string,
): Promise<ServiceRow> {
  const [row] = await db.query<ServiceRow>(
    `${SERVICE_SELECT} WHERE r.machine_id = $1 AND r.id = $2`,
    [machineId, id],
  );
  if (!row) throw notFound('No such service of this machine');
  return row;
}

export interface ServiceValues {
  planId: string | null;
  status: ServiceRecordState;
  doneAt: Date | null;
  meterH: number | null;
  distanceKm: number | null;
  performedBy: string | null;
  notes: string | null;
  cost: number | null;
  parts: string | null;
  fileIds: string[];
}

const valuesOf = (row: ServiceRow): ServiceValues => ({
  planId: row.plan_id,
  status: row.status,
  doneAt: row.done_at,
  meterH: row.meter_h,
  distanceKm: row.distance_km,
  performedBy: row.performed_by,
  notes: row.notes,
  cost: row.cost === null ? null : Number(row.cost),
  parts: row.parts,
  fileIds: row.document_ids,
});

/** The values a write leaves: what the body gives over what the record had. */
export function mergeService(before: ServiceRow | null, body: ServiceBody): ServiceValues {
  const base = before ? valuesOf(before) : null;
  const pick = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);
  const status = pick(body.status, base?.status ?? 'done');
  const doneAt = body.doneAt === undefined ? (base?.doneAt ?? null) : body.doneAt;
  return {
    planId: pick(body.planId, base?.planId ?? null),
    status,
    doneAt: doneAt === null ? (status === 'done' ? new Date() : null) : new Date(doneAt),
    meterH: pick(body.meterH, base?.meterH ?? null),
    distanceKm: pick(body.distanceKm, base?.distanceKm ?? null),
    performedBy: pick(body.performedBy, base?.performedBy ?? null),
    notes: pick(body.notes, base?.notes ?? null),
    cost: pick(body.cost, base?.cost ?? null),
    parts: pick(body.parts, base?.parts ?? null),
    fileIds: pick(body.fileIds, base?.fileIds ?? []),
  };
}

/**
 * Checks a service's values against the organisation's plans and files and the meter's history,
 * filling in a done service's meter from the machine's own where it has one. Returns the values.
 */
export async function checkService(
  db: Queryable,
  organisationId: string,
  machineId: string,
  values: ServiceValues,
  recordId: string | null,
): Promise<ServiceValues> {
  if (values.planId !== null) {
    const [plan] = await db.query(
      'SELECT 1 FROM service_plan WHERE organisation_id = $1 AND id = $2',
      [organisationId, values.planId],
    );
    if (!plan) throw badRequest('planId', 'Name one of your organisation’s service plans');
  }
  for (const fileId of values.fileIds) {
    if (!(await isOrganisationDocument(db, organisationId, fileId))) {
      throw badRequest('fileIds', 'Attach only files of your organisation');
    }
  }
  if (values.status === 'open' || values.doneAt === null) return values;
  if (values.doneAt.getTime() > Date.now() + FUTURE_SLACK_MS) {
    throw badRequest('doneAt', 'A service done cannot be in the future');
  }
  const meterThen = await machineMeterAt(db, machineId, values.doneAt);
  const meterH = values.meterH ?? meterThen;
  if (meterH !== null) await checkMeter(db, machineId, values.doneAt, meterH, meterThen, recordId);
  return { ...values, meterH };
}

/** The machine's lifetime meter at a moment; null while it has no reading. */
async function machineMeterAt(db: Queryable, machineId: string, at: Date): Promise<number | null> {
  const [machine] = await db.query<{ hour_meter_h: number | null; timezone: string }>(
    `SELECT m.hour_meter_h, o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id
      WHERE m.id = $1`,
    [machineId],
  );
  if (!machine || machine.hour_meter_h === null) return null;
  const { hours } = await metersAt(db, [
    { machineId, at, timezone: machine.timezone, originAt: at },
  ]);
  return hours[0] ?? null;
}

const hoursText = (hours: number) => `${Math.round(hours * 10) / 10} h`;

async function checkMeter(
  db: Queryable,
  machineId: string,
  doneAt: Date,
  meterH: number,
  meterThen: number | null,
  recordId: string | null,
): Promise<void> {
  const neighbour = (comparison: '<' | '>', order: 'DESC' | 'ASC') =>
    db.query<{ meter_h: number; done_at: Date }>(
      `SELECT meter_h, done_at FROM service_record
        WHERE machine_id = $1 AND status = 'done' AND meter_h IS NOT NULL AND done_at ${comparison} $2
          AND id IS DISTINCT FROM $3
        ORDER BY done_at ${order} LIMIT 1`,
      [machineId, doneAt, recordId],
    );
  const [before] = await neighbour('<', 'DESC');
  if (before && meterH < before.meter_h) {
    throw badRequest(
      'meterH',
      `The service before, on ${before.done_at.toISOString().slice(0, 10)}, read ${hoursText(before.meter_h)}: the meter never goes down`,
    );
  }
  const [after] = await neighbour('>', 'ASC');
  if (after && meterH > after.meter_h) {
    throw badRequest(
      'meterH',
      `The service after, on ${after.done_at.toISOString().slice(0, 10)}, read ${hoursText(after.meter_h)}: the meter never goes down`,
    );
  }
  if (meterThen !== null && meterH > meterThen + DIAL_GRACE_H) {
    throw badRequest(
      'meterH',
      `The machine's meter read ${hoursText(meterThen)} at that moment: a service cannot read more`,
    );
  }
}

const COLUMNS = `plan_id, status, done_at, meter_h, distance_km, performed_by, notes, cost, parts,
  document_ids`;
const params = (values: ServiceValues) => [
  values.planId,
  values.status,
  values.doneAt,
  values.meterH,
  values.distanceKm,
  values.performedBy,
  values.notes,
  values.cost,
  values.parts,
  values.fileIds,
];

export async function createService(
  db: Queryable,
  organisationId: string,
  machineId: string,
  body: ServiceBody,
  userId: string,
): Promise<ServiceRow> {
  const values = await checkService(db, organisationId, machineId, mergeService(null, body), null);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO service_record (machine_id, user_id, ${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::uuid[]) RETURNING id`,
    [machineId, userId, ...params(values)],
  );
  return serviceById(db, machineId, row?.id ?? '');
}

export async function updateService(
  db: Queryable,
  organisationId: string,
  machineId: string,
  id: string,
  body: ServiceBody,
): Promise<ServiceRow> {
  const before = await serviceById(db, machineId, id);
  const values = await checkService(db, organisationId, machineId, mergeService(before, body), id);
  await db.query(
    `UPDATE service_record SET (${COLUMNS}, updated_at) =
       ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12::uuid[], now())
     WHERE machine_id = $1 AND id = $2`,
    [machineId, id, ...params(values)],
  );
  return serviceById(db, machineId, id);
}

export async function deleteService(
  db: Queryable,
  machineId: string,
  id: string,
): Promise<ServiceRow> {
  const row = await serviceById(db, machineId, id);
  await db.query('DELETE FROM service_record WHERE machine_id = $1 AND id = $2', [machineId, id]);
  return row;
}
