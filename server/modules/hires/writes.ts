// Writing hires: put on hire, change, off-hire, extend, swap and cancel (docs/rental.md "Actions").
// Each runs in one transaction with the machine locked; a hire whose window reaches into the past
// has the days it changes recomputed in the background afterwards (the customer's day figures and
// rental utilisation follow the hire's window), as a shift change does.
import type {
  ContractHireBody,
  ExtendBody,
  HireBody,
  HirePatch,
  SwapBody,
} from '../../../src/domain/api/hires.ts';
import { addDays, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, forbidden } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import {
  checkNoOverlap,
  checkReferences,
  checkUsable,
  hoursPerWorkingDay,
  type HireValues,
  lockMachine,
  mergeValues,
  valuesOfRow,
} from './rules.ts';
import { hireRow, type HireRow } from './store.ts';

export interface HireWriter {
  db: Database;
  rollups: RollupScheduler;
  organisation: Organisation;
}

/** A machine's window a write touched: its days up to today are recomputed. */
export interface TouchedWindow {
  machineId: string;
  startsAt: Date;
  endsAt: Date | null;
}

const COLUMNS = `contract_number, customer_organisation_id, customer_name, site_id, starts_at, ends_at,
  contracted_hours_per, contracted_hours, working_hours_per_day, overuse_period, overuse_allowance_h,
  overuse_rate, note, override_reason`;

const params = (values: HireValues) => [
  values.contractNumber,
  values.customerOrganisationId,
  values.customerName,
  values.siteId,
  values.startsAt,
  values.endsAt,
  values.contractedHoursPer,
  values.contractedHours,
  hoursPerWorkingDay(values),
  values.overusePeriod,
  values.overuseAllowanceH,
  values.overuseRate,
  values.note,
  values.overrideReason,
];

/** Only a rental company puts machines on hire. */
export function assertRents(organisation: Organisation): void {
  if (organisation.type === 'end-user') {
    throw forbidden(`${organisation.name} hires machines in; only a rental company hires them out`);
  }
}

/** The rental company's own hire, for a write: a customer reads its hires and changes none. */
async function ownHire(tx: Queryable, organisation: Organisation, id: string): Promise<HireRow> {
  const row = await hireRow(tx, organisation.id, id);
  if (row.rental_organisation_id !== organisation.id) {
    throw forbidden(`${row.rental_organisation} keeps this hire; ask it to change it`);
  }
  return row;
}

export async function insertHire(
  tx: Queryable,
  organisationId: string,
  machineId: string,
  values: HireValues,
  swappedFromHireId: string | null = null,
): Promise<string> {
  const machine = await lockMachine(tx, organisationId, machineId);
  await checkReferences(tx, organisationId, values);
  checkUsable(machine, values);
  await checkNoOverlap(tx, machine, values, []);
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO hire (machine_id, rental_organisation_id, swapped_from_hire_id, ${COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    [machine.id, organisationId, swappedFromHireId, ...params(values)],
  );
  if (!row) throw new Error('The hire was not written');
  return row.id;
}

/**
 * Writes `values` over the hire `row`. A window made longer needs the machine usable, or a reason
 * given with this write (`reasonNow`): the one the hire went out with covered that window only.
 */
export async function updateHireValues(
  tx: Queryable,
  organisation: Organisation,
  row: HireRow,
  values: HireValues,
  reasonNow: string | null | undefined,
): Promise<void> {
  const machine = await lockMachine(tx, organisation.id, row.machine_id);
  await checkReferences(tx, organisation.id, values);
  const later = (values.endsAt?.getTime() ?? Infinity) > (row.ends_at?.getTime() ?? Infinity);
  if (later || values.startsAt < row.starts_at) {
    checkUsable(machine, { endsAt: values.endsAt, overrideReason: reasonNow ?? null });
  }
  await checkNoOverlap(tx, machine, values, [row.id]);
  await tx.query(
    `UPDATE hire SET (${COLUMNS}, updated_at) =
       ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now()) WHERE id = $1`,
    [row.id, ...params(values)],
  );
}

/** Days from the earliest start to the latest end (today at most) of the windows, per machine. */
export async function recomputeWindows(
  writer: Pick<HireWriter, 'rollups' | 'organisation'>,
  windows: TouchedWindow[],
  now = new Date(),
): Promise<void> {
  const zone = writer.organisation.timezone;
  const byMachine = new Map<string, { from: Date; to: Date }>();
  for (const window of windows) {
    if (window.startsAt >= now) continue;
    const to = window.endsAt && window.endsAt < now ? window.endsAt : now;
    const span = byMachine.get(window.machineId);
    byMachine.set(window.machineId, {
      from: span && span.from < window.startsAt ? span.from : window.startsAt,
      to: span && span.to > to ? span.to : to,
    });
  }
  for (const [machineId, span] of byMachine) {
    // A day either side: the machine's own zone may differ from the organisation's by hours.
    writer.rollups.schedule(
      machineId,
      addDays(zonedDate(span.from, zone), -1),
      addDays(zonedDate(span.to, zone), 1),
    );
  }
}

const windowOf = (machineId: string, values: Pick<HireValues, 'startsAt' | 'endsAt'>) => ({
  machineId,
  startsAt: values.startsAt,
  endsAt: values.endsAt,
});
const rowWindow = (row: HireRow) =>
  windowOf(row.machine_id, { startsAt: row.starts_at, endsAt: row.ends_at });

/** A hire written inside the caller's transaction: the demo's seed writes its hires this way. */
export const recordHire = (tx: Queryable, rentalOrganisationId: string, body: HireBody) =>
  insertHire(tx, rentalOrganisationId, body.machineId, mergeValues(null, body));

export async function createHire(writer: HireWriter, body: HireBody): Promise<string> {
  assertRents(writer.organisation);
  const values = mergeValues(null, body);
  const id = await writer.db.transaction((tx) =>
    insertHire(tx, writer.organisation.id, body.machineId, values),
  );
  await recomputeWindows(writer, [windowOf(body.machineId, values)]);
  return id;
}

/**
 * The windows to recompute after an update: none when the hire's times and site (whose shift and
 * time zone read its days) stay; a note or the contract's terms are read when asked for.
 */
export function changedWindows(
  before: HireRow,
  after: Pick<HireValues, 'startsAt' | 'endsAt' | 'siteId'>,
): TouchedWindow[] {
  const same =
    before.starts_at.getTime() === after.startsAt.getTime() &&
    (before.ends_at?.getTime() ?? null) === (after.endsAt?.getTime() ?? null) &&
    before.site_id === after.siteId;
  return same ? [] : [rowWindow(before), windowOf(before.machine_id, after)];
}

/** Applies `change` to the hire: a PATCH and the off-hire and extend actions end here. */
async function changeHire(
  writer: HireWriter,
  id: string,
  change: (row: HireRow) => Partial<ContractHireBody> & { contractNumber?: string },
): Promise<void> {
  const windows = await writer.db.transaction(async (tx) => {
    const row = await ownHire(tx, writer.organisation, id);
    const body = change(row);
    const values = mergeValues(valuesOfRow(row), body);
    await updateHireValues(tx, writer.organisation, row, values, body.overrideReason);
    return changedWindows(row, values);
  });
  await recomputeWindows(writer, windows);
}

export const updateHire = (writer: HireWriter, id: string, patch: HirePatch) =>
  changeHire(writer, id, () => patch);

/** Ends the hire at `at` (now when absent); a hire already over is changed by a PATCH. */
export function offHire(writer: HireWriter, id: string, at = new Date()) {
  return changeHire(writer, id, (row) => {
    if (row.ends_at && row.ends_at <= new Date()) {
      throw conflict(`Hire ${row.contract_number} was off-hired already; change its dates instead`);
    }
    if (at <= row.starts_at)
      throw badRequest('offHireAt', 'The off-hire must come after the on-hire');
    return { offHireAt: at.toISOString() };
  });
}

/** Moves the off-hire later, or opens it (null). */
export function extendHire(writer: HireWriter, id: string, body: ExtendBody) {
  return changeHire(writer, id, (row) => {
    if (row.ends_at === null)
      throw conflict(`Hire ${row.contract_number} has no off-hire to extend`);
    if (body.offHireAt !== null && new Date(body.offHireAt) <= row.ends_at) {
      throw badRequest('offHireAt', 'An extension must end after the current off-hire');
    }
    return { offHireAt: body.offHireAt, overrideReason: body.overrideReason };
  });
}

/**
 * Closes the hire at `at` (now when absent) and opens the same contract on another machine from
 * then to the old hire's agreed end, inside the caller's transaction (the demo's seed swaps one
 * this way). Returns the hire closed and the new hire's id.
 */
export async function swapIn(
  tx: Queryable,
  organisation: Organisation,
  id: string,
  body: SwapBody,
): Promise<{ closed: HireRow; opened: string; at: Date }> {
  const at = body.at ? new Date(body.at) : new Date();
  const row = await ownHire(tx, organisation, id);
  if (body.machineId === row.machine_id) throw badRequest('machineId', 'Swap to another machine');
  if (at <= row.starts_at || (row.ends_at && at >= row.ends_at)) {
    throw badRequest('at', 'The swap must fall inside the hire');
  }
  const values = valuesOfRow(row);
  await updateHireValues(tx, organisation, row, { ...values, endsAt: at }, null);
  const next = { ...values, startsAt: at, overrideReason: body.overrideReason ?? null };
  return {
    closed: row,
    opened: await insertHire(tx, organisation.id, body.machineId, next, row.id),
    at,
  };
}

/** Swaps the hire's machine (swapIn) and recomputes both machines' days. Returns the new hire's id. */
export async function swapHire(writer: HireWriter, id: string, body: SwapBody): Promise<string> {
  const { opened, closed, at } = await writer.db.transaction((tx) =>
    swapIn(tx, writer.organisation, id, body),
  );
  await recomputeWindows(writer, [
    rowWindow(closed),
    windowOf(body.machineId, { startsAt: at, endsAt: closed.ends_at }),
  ]);
  return opened;
}

/** Cancels a hire that has not started: one that has is off-hired instead. */
export async function cancelHire(writer: HireWriter, id: string): Promise<HireRow> {
  return writer.db.transaction(async (tx) => {
    const row = await ownHire(tx, writer.organisation, id);
    if (row.starts_at <= new Date()) {
      throw conflict(`Hire ${row.contract_number} has started: off-hire it instead`);
    }
    await tx.query('DELETE FROM hire WHERE id = $1', [id]);
    return row;
  });
}
