// The rules every hire write passes (docs/rental.md "Rules"): a named customer, a site of the rental
// company, an off-hire after the on-hire, coherent contract and over-use terms, one hire per machine
// at a time, and no hire of a broken-down machine without a reason.
import {
  type ContractHireBody,
  type ContractedHoursPer,
  DEFAULT_CONTRACTED_HOURS_PER_DAY,
  type OverusePeriod,
} from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import { overdueSafetyTasks } from '../maintenance/index.ts';
import type { HireRow } from './store.ts';

/** A hire's stored values, as a write sets them. */
export interface HireValues {
  contractNumber: string;
  customerOrganisationId: string | null;
  customerName: string | null;
  siteId: string | null;
  startsAt: Date;
  endsAt: Date | null;
  contractedHoursPer: ContractedHoursPer;
  contractedHours: number;
  overusePeriod: OverusePeriod | null;
  overuseAllowanceH: number | null;
  overuseRate: number | null;
  note: string | null;
  overrideReason: string | null;
}

/** A working week's days: a week's contracted hours spread over them for rental utilisation. */
const WORKING_DAYS_PER_WEEK = 5;

export const hoursPerWorkingDay = (
  values: Pick<HireValues, 'contractedHoursPer' | 'contractedHours'>,
) =>
  values.contractedHoursPer === 'week'
    ? values.contractedHours / WORKING_DAYS_PER_WEEK
    : values.contractedHours;

export function valuesOfRow(row: HireRow): HireValues {
  return {
    contractNumber: row.contract_number,
    customerOrganisationId: row.customer_organisation_id,
    customerName: row.customer_name,
    siteId: row.site_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    contractedHoursPer: row.contracted_hours_per,
    contractedHours: row.contracted_hours,
    overusePeriod: row.overuse_period,
    overuseAllowanceH: row.overuse_allowance_h,
    overuseRate: row.overuse_rate,
    note: row.note,
    overrideReason: row.override_reason,
  };
}

const pick = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);

/** The values after a write of `body` over `current` (absent fields kept), checked alone. */
export function mergeValues(
  current: HireValues | null,
  body: Partial<ContractHireBody> & { contractNumber?: string },
): HireValues {
  const per = body.contractedHoursPer ?? current?.contractedHoursPer ?? 'day';
  const hoursGiven =
    body.contractedHours ?? (body.contractedHoursPer ? undefined : current?.contractedHours);
  const values: HireValues = {
    contractNumber: (body.contractNumber ?? current?.contractNumber ?? '').trim(),
    customerOrganisationId: pick(
      body.customerOrganisationId,
      current?.customerOrganisationId ?? null,
    ),
    customerName: null,
    siteId: pick(body.siteId, current?.siteId ?? null),
    startsAt: body.onHireAt ? new Date(body.onHireAt) : (current?.startsAt ?? new Date(NaN)),
    endsAt:
      body.offHireAt === undefined
        ? (current?.endsAt ?? null)
        : body.offHireAt === null
          ? null
          : new Date(body.offHireAt),
    contractedHoursPer: per,
    contractedHours:
      hoursGiven ?? DEFAULT_CONTRACTED_HOURS_PER_DAY * (per === 'week' ? WORKING_DAYS_PER_WEEK : 1),
    overusePeriod: pick(body.overusePeriod, current?.overusePeriod ?? null),
    overuseAllowanceH: pick(body.overuseAllowanceH, current?.overuseAllowanceH ?? null),
    overuseRate: pick(body.overuseRate, current?.overuseRate ?? null),
    note: pick(body.note, current?.note ?? null)?.trim() || null,
    overrideReason: pick(body.overrideReason, current?.overrideReason ?? null)?.trim() || null,
  };
  // An organisation names the customer itself: a name kept beside it would go stale.
  if (!values.customerOrganisationId) {
    values.customerName = pick(body.customerName, current?.customerName ?? null)?.trim() || null;
  }
  checkValues(values);
  return values;
}

function checkValues(values: HireValues): void {
  if (values.contractNumber === '') throw badRequest('contractNumber', 'Give the contract number');
  if (!values.customerOrganisationId && !values.customerName) {
    throw badRequest('customerName', 'Name the customer, or choose its organisation');
  }
  if (values.endsAt && values.endsAt <= values.startsAt) {
    throw badRequest('offHireAt', 'The off-hire must come after the on-hire');
  }
  if (hoursPerWorkingDay(values) > 24) {
    throw badRequest(
      'contractedHours',
      values.contractedHoursPer === 'week'
        ? `A week's contract holds at most ${24 * WORKING_DAYS_PER_WEEK} hours`
        : 'A day holds at most 24 contracted hours',
    );
  }
  const overuse = {
    overusePeriod: values.overusePeriod,
    overuseAllowanceH: values.overuseAllowanceH,
    overuseRate: values.overuseRate,
  };
  const given = Object.values(overuse).filter((value) => value !== null).length;
  if (given > 0 && given < 3) {
    const missing = Object.entries(overuse).find(([, value]) => value === null)?.[0] ?? '';
    throw badRequest(missing, 'Over-use needs its period, allowance and rate together');
  }
}

/** The customer organisation and site exist and may be named by this rental company. */
export async function checkReferences(
  db: Queryable,
  rentalOrganisationId: string,
  values: HireValues,
): Promise<void> {
  if (values.customerOrganisationId) {
    const [customer] = await db.query<{ id: string }>(
      `SELECT id FROM organisation WHERE id = $1 AND id <> $2 AND type IN ('rental-end-user', 'end-user')`,
      [values.customerOrganisationId, rentalOrganisationId],
    );
    if (!customer) {
      throw badRequest('customerOrganisationId', 'No customer organisation has this account id');
    }
  }
  if (values.siteId) {
    // The rental company's own site, or the customer's: a machine often works on the customer's.
    const [site] = await db.query<{ id: string }>(
      'SELECT id FROM site WHERE id = $1 AND organisation_id IN ($2, $3)',
      [values.siteId, rentalOrganisationId, values.customerOrganisationId ?? rentalOrganisationId],
    );
    if (!site) throw badRequest('siteId', "No such site of yours or of the customer's");
  }
}

export interface MachineForHire {
  id: string;
  name: string;
  breakdown: boolean;
  /** Its safety-critical maintenance tasks that are overdue (issue 42). */
  overdueSafety: string[];
}

/** The rental company's machine, locked until the write's end so two hires cannot race onto it. */
export async function lockMachine(
  db: Queryable,
  organisationId: string,
  machineId: string,
): Promise<MachineForHire> {
  const [machine] = await db.query<Omit<MachineForHire, 'overdueSafety'>>(
    `SELECT id, name, breakdown FROM machine
      WHERE id = $1 AND organisation_id = $2 AND archived_at IS NULL FOR UPDATE`,
    [machineId, organisationId],
  );
  if (!machine) throw notFound('No such machine of yours');
  return { ...machine, overdueSafety: await overdueSafetyTasks(db, machine.id) };
}

/** 409 naming the other hire when the machine is on one during `values`' window. */
export async function checkNoOverlap(
  db: Queryable,
  machine: MachineForHire,
  values: Pick<HireValues, 'startsAt' | 'endsAt'>,
  exceptHireIds: string[],
): Promise<void> {
  const [other] = await db.query<{
    id: string;
    contract_number: string;
    starts_at: Date;
    ends_at: Date | null;
  }>(
    `SELECT id, contract_number, starts_at, ends_at FROM hire
      WHERE machine_id = $1 AND NOT (id = ANY($2::uuid[]))
        AND starts_at < coalesce($4::timestamptz, 'infinity') AND (ends_at IS NULL OR ends_at > $3)
      ORDER BY starts_at LIMIT 1`,
    [machine.id, exceptHireIds, values.startsAt, values.endsAt],
  );
  if (other) {
    const until = other.ends_at ? ` to ${other.ends_at.toISOString()}` : ', open-ended';
    throw conflict(
      `${machine.name} is on hire ${other.contract_number} (${other.id}) from ` +
        `${other.starts_at.toISOString()}${until}`,
      'onHireAt',
    );
  }
}

/**
 * A machine not to be used (broken down, or a safety-critical task overdue) goes out only with a
 * reason, and only matters for a hire not yet over.
 */
export function checkUsable(
  machine: MachineForHire,
  values: Pick<HireValues, 'endsAt' | 'overrideReason'>,
  now = new Date(),
): void {
  const reachesNow = values.endsAt === null || values.endsAt > now;
  if (!reachesNow || values.overrideReason) return;
  if (machine.breakdown) {
    throw conflict(
      `${machine.name} is marked broken down: give overrideReason to put it on hire anyway`,
      'overrideReason',
    );
  }
  const [overdue] = machine.overdueSafety;
  if (overdue !== undefined) {
    throw conflict(
      `${machine.name}'s ${overdue} is overdue: give overrideReason to put it on hire anyway`,
      'overrideReason',
    );
  }
}
