// The hires CSV an ERP exports (docs/rental.md, docs/hires-import-example.csv): a header naming the
// columns of HIRE_CSV_COLUMNS in any order, then one hire per row. Each cell is checked as the
// upsert's body would be, so a bad row is named with its line and column before anything is written.
import { parse } from 'csv-parse/sync';
import {
  CONTRACTED_HOURS_PER,
  type ContractHireBody,
  HIRE_CSV_COLUMNS,
  MAX_CONTRACT_NUMBER_LENGTH,
  OVERUSE_PERIODS,
} from '../../../src/domain/api/hires.ts';
import { isDateTime } from '../../../src/domain/dates.ts';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

type Column = (typeof HIRE_CSV_COLUMNS)[number];

export interface HireCsvRow {
  line: number;
  contractNumber: string;
  assetId: string;
  /** The site's code or name, resolved against the organisation's sites by the caller. */
  site: string | null;
  body: ContractHireBody;
}

export interface HireCsvParse {
  rows: HireCsvRow[];
  errors: { row: number; message: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+(\.\d+)?$/;

class CellError extends Error {}

function oneOf<T extends string>(column: Column, text: string, choices: readonly T[]): T {
  if (!choices.includes(text as T)) throw new CellError(`${column}: one of ${choices.join(', ')}`);
  return text as T;
}

function number(column: Column, text: string): number {
  if (!NUMBER.test(text)) throw new CellError(`${column}: a number with a decimal point`);
  return Number(text);
}

function instant(column: Column, text: string): string {
  if (!isDateTime(text)) throw new CellError(`${column}: an ISO 8601 time with its offset`);
  return text;
}

function rowOf(line: number, cell: (column: Column) => string): HireCsvRow {
  const given = (column: Column) => cell(column) || null;
  const required = (column: Column, most: number) => {
    const text = cell(column);
    if (text === '' || text.length > most) {
      throw new CellError(`${column}: required, at most ${most} characters`);
    }
    return text;
  };
  const contractNumber = required('contractNumber', MAX_CONTRACT_NUMBER_LENGTH);
  const assetId = required('assetId', 100);
  const organisationId = given('customerOrganisationId');
  if (organisationId && !UUID.test(organisationId)) {
    throw new CellError('customerOrganisationId: an account id');
  }
  const per = given('contractedHoursPer');
  const hours = given('contractedHours');
  const period = given('overusePeriod');
  const allowance = given('overuseAllowanceH');
  const rate = given('overuseRate');
  const offHireAt = given('offHireAt');
  const body: ContractHireBody = {
    customerOrganisationId: organisationId,
    customerName: given('customerName'),
    onHireAt: instant('onHireAt', required('onHireAt', 40)),
    offHireAt: offHireAt ? instant('offHireAt', offHireAt) : null,
    overusePeriod: period ? oneOf('overusePeriod', period, OVERUSE_PERIODS) : null,
    overuseAllowanceH: allowance ? number('overuseAllowanceH', allowance) : null,
    overuseRate: rate ? number('overuseRate', rate) : null,
    note: given('note'),
  };
  if (per) body.contractedHoursPer = oneOf('contractedHoursPer', per, CONTRACTED_HOURS_PER);
  if (hours) body.contractedHours = number('contractedHours', hours);
  return { line, contractNumber, assetId, site: given('site'), body };
}

export function parseHireCsv(text: string): HireCsvParse {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',',
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ row: line, message: (error as Error).message }] };
  }
  const [header, ...body] = records;
  const names = header?.record ?? [];
  const unknown = names.filter((name) => !HIRE_CSV_COLUMNS.includes(name as Column));
  const missing = (['contractNumber', 'assetId', 'onHireAt'] as const).filter(
    (name) => !names.includes(name),
  );
  if (unknown.length > 0 || missing.length > 0) {
    const message = [
      unknown.length > 0 ? `unknown column(s) ${unknown.join(', ')}` : '',
      missing.length > 0 ? `missing column(s) ${missing.join(', ')}` : '',
    ].filter(Boolean);
    return {
      rows: [],
      errors: [
        {
          row: 1,
          message: `${message.join('; ')}; the columns are ${HIRE_CSV_COLUMNS.join(', ')}`,
        },
      ],
    };
  }
  if (body.length > MAX_IMPORT_ROWS) {
    return { rows: [], errors: [{ row: 1, message: `At most ${MAX_IMPORT_ROWS} hires a file` }] };
  }
  const rows: HireCsvRow[] = [];
  const errors: HireCsvParse['errors'] = [];
  for (const { record, info } of body) {
    const cell = (column: Column) => record[names.indexOf(column)]?.trim() ?? '';
    try {
      rows.push(rowOf(info.lines, cell));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push({ row: info.lines, message: error.message });
    }
  }
  return { rows, errors };
}
