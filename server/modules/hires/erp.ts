// An ERP's way in (docs/rental.md "ERP sync"): a hire upserted by its contract number and the
// machine's asset id, the same body twice changing nothing; and a CSV of many such rows, checked
// whole and applied in one transaction or not at all, with a dry run that rolls back.
import type { ContractHireBody, HireImportReply } from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import { badRequest, badRows, conflict, HttpError } from '../../httpError.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { type HireCsvRow, parseHireCsv } from './csv.ts';
import { type HireValues, mergeValues, valuesOfRow } from './rules.ts';
import { contractHireRow } from './store.ts';
import {
  assertRents,
  changedWindows,
  type HireWriter,
  insertHire,
  recomputeWindows,
  type TouchedWindow,
  updateHireValues,
} from './writes.ts';

export type UpsertAction = 'create' | 'update' | 'unchanged';

export interface UpsertResult {
  action: UpsertAction;
  hireId: string;
  windows: TouchedWindow[];
}

async function machineByAssetId(
  tx: Queryable,
  organisationId: string,
  assetId: string,
): Promise<string> {
  const machines = await tx.query<{ id: string }>(
    'SELECT id FROM machine WHERE organisation_id = $1 AND asset_id = $2 AND archived_at IS NULL',
    [organisationId, assetId],
  );
  const [machine] = machines;
  if (!machine)
    throw new HttpError(
      404,
      ERROR_CODES.notFound,
      'No machine of yours has this asset id',
      'assetId',
    );
  if (machines.length > 1)
    throw conflict(`${machines.length} machines carry this asset id`, 'assetId');
  return machine.id;
}

const sameInstant = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

function sameValues(a: HireValues, b: HireValues): boolean {
  return (Object.keys(a) as (keyof HireValues)[]).every((key) => {
    const [x, y] = [a[key], b[key]];
    return x instanceof Date || y instanceof Date
      ? sameInstant(x as Date | null, y as Date | null)
      : x === y;
  });
}

/** A PUT replaces the hire: what the body leaves out is cleared or its default. */
export async function upsertIn(
  tx: Queryable,
  organisation: Organisation,
  contractNumber: string,
  assetId: string,
  body: ContractHireBody,
): Promise<UpsertResult> {
  const machineId = await machineByAssetId(tx, organisation.id, assetId);
  const values = mergeValues(null, { ...body, contractNumber });
  const existing = await contractHireRow(tx, organisation.id, contractNumber, machineId);
  const window = { machineId, startsAt: values.startsAt, endsAt: values.endsAt };
  if (!existing) {
    const hireId = await insertHire(tx, organisation.id, machineId, values);
    return { action: 'create', hireId, windows: [window] };
  }
  if (sameValues(valuesOfRow(existing), values)) {
    return { action: 'unchanged', hireId: existing.id, windows: [] };
  }
  await updateHireValues(tx, organisation, existing, values, body.overrideReason);
  return { action: 'update', hireId: existing.id, windows: changedWindows(existing, values) };
}

export async function upsertByContract(
  writer: HireWriter,
  contractNumber: string,
  assetId: string,
  body: ContractHireBody,
): Promise<UpsertResult> {
  assertRents(writer.organisation);
  const result = await writer.db.transaction((tx) =>
    upsertIn(tx, writer.organisation, contractNumber, assetId, body),
  );
  await recomputeWindows(writer, result.windows);
  return result;
}

/** The organisation's sites by lower-case code and name (a code wins over another site's name). */
async function sitesByCodeOrName(
  db: Queryable,
  organisationId: string,
): Promise<Map<string, string>> {
  const sites = await db.query<{ id: string; name: string; code: string | null }>(
    'SELECT id, name, code FROM site WHERE organisation_id = $1',
    [organisationId],
  );
  const byKey = new Map<string, string>();
  for (const site of sites) byKey.set(site.name.toLowerCase(), site.id);
  for (const site of sites) if (site.code) byKey.set(site.code.toLowerCase(), site.id);
  return byKey;
}

/** Thrown to roll a dry run back, carrying what it would have done. */
class DryRun extends Error {
  constructor(readonly reply: HireImportReply) {
    super('dry run');
  }
}

const refusal = (error: HttpError) =>
  error.field ? `${error.field}: ${error.message}` : error.message;

interface ImportedRows {
  rows: HireImportReply['rows'];
  errors: { row: number; message: string }[];
  windows: TouchedWindow[];
}

/** Applies each row inside the caller's transaction, gathering the refusals rather than stopping. */
async function importRowsIn(
  tx: Queryable,
  organisation: Organisation,
  rows: HireCsvRow[],
  apply: boolean,
): Promise<ImportedRows> {
  const siteIds = await sitesByCodeOrName(tx, organisation.id);
  const imported: ImportedRows = { rows: [], errors: [], windows: [] };
  for (const row of rows) {
    try {
      const siteId = row.site === null ? null : siteIds.get(row.site.toLowerCase());
      if (siteId === undefined)
        throw badRequest('site', `No site of yours has the code or name ${row.site}`);
      const body = { ...row.body, siteId };
      const result = await upsertIn(tx, organisation, row.contractNumber, row.assetId, body);
      imported.windows.push(...result.windows);
      imported.rows.push({
        line: row.line,
        contractNumber: row.contractNumber,
        assetId: row.assetId,
        action: result.action,
        // A dry run's new hire is rolled back: it has no id yet.
        hireId: apply || result.action !== 'create' ? result.hireId : null,
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      imported.errors.push({ row: row.line, message: refusal(error) });
    }
  }
  return imported;
}

const refusedRows = (errors: ImportedRows['errors']) =>
  badRows('file', `${errors.length} row(s) were refused; nothing was changed`, errors);

/**
 * An ERP's CSV applied inside the caller's transaction, every row or none: the demo's seed imports
 * its future hires this way. The days it touches are the caller's to recompute.
 */
export async function recordImport(
  tx: Queryable,
  organisation: Organisation,
  csv: string,
): Promise<ImportedRows['rows']> {
  const parsed = parseHireCsv(csv);
  if (parsed.errors.length > 0) throw refusedRows(parsed.errors);
  const imported = await importRowsIn(tx, organisation, parsed.rows, true);
  if (imported.errors.length > 0) throw refusedRows(imported.errors);
  return imported.rows;
}

/** Every row applied in one transaction; any refused row refuses the file, naming each one. */
export async function importHires(
  writer: HireWriter,
  rows: HireCsvRow[],
  apply: boolean,
): Promise<HireImportReply> {
  assertRents(writer.organisation);
  if (rows.length === 0) throw badRequest('file', 'The file holds no hires');
  let windows: TouchedWindow[] = [];
  try {
    const reply = await writer.db.transaction(async (tx) => {
      const imported = await importRowsIn(tx, writer.organisation, rows, apply);
      if (imported.errors.length > 0) throw refusedRows(imported.errors);
      windows = imported.windows;
      const count = (action: UpsertAction) =>
        imported.rows.filter((row) => row.action === action).length;
      const result: HireImportReply = {
        applied: apply,
        rows: imported.rows,
        created: count('create'),
        updated: count('update'),
        unchanged: count('unchanged'),
      };
      if (!apply) throw new DryRun(result);
      return result;
    });
    await recomputeWindows(writer, windows);
    return reply;
  } catch (error) {
    if (error instanceof DryRun) return error.reply;
    throw error;
  }
}
