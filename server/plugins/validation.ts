// Request validation for every route: the date formats of src/domain/dates.ts, no type coercion on
// bodies (a JSON null is not a 0), query strings coerced as URLs need, and only text that can be
// stored (server/plugins/text.ts).
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastUri from 'fast-uri';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCalendarDay, isDateTime, isRangeBound } from '../../src/domain/dates.ts';
import { isValidTimeZone } from '../../src/domain/zonedTime.ts';
import { badRequest } from '../httpError.ts';
import { badTextIn } from './text.ts';

/** Our formats; reply serialisation knows them too, since replies share some shapes. */
export const FORMATS = {
  day: { type: 'string', validate: isCalendarDay },
  'range-bound': { type: 'string', validate: isRangeBound },
  'date-time': { type: 'string', validate: (value: string) => isDateTime(value) },
  'device-time': { type: 'string', validate: (value: string) => isDateTime(value, false) },
  'time-zone': { type: 'string', validate: isValidTimeZone },
} as const;

function buildAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    uriResolver: fastUri,
    addUsedSchema: false,
    // One error only: reporting all of them lets a crafted request cost a lot of work.
    allErrors: false,
  });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

interface ObjectSchema {
  properties?: Record<string, { type?: string }>;
}

/**
 * Coercion would read `?limit=` as 0 and `?reset=` as false, and lets `?limit=Infinity` (or 1e999)
 * through as an integer (ajv's coercion checks no finiteness): an empty value where a number or a
 * yes/no belongs, and a number without end, are refused instead, naming the parameter.
 */
function refusingEmptyOrEndlessValues(
  validate: ValidateFunction,
  schema: unknown,
): ValidateFunction {
  const typed = Object.entries((schema as ObjectSchema).properties ?? {})
    .filter(([, property]) => ['number', 'integer', 'boolean'].includes(property.type ?? ''))
    .map(([name, property]) => ({ name, numeric: property.type !== 'boolean' }));
  if (typed.length === 0) return validate;
  const refuse = (name: string, message: string) => {
    wrapped.errors = [
      { instancePath: `/${name}`, schemaPath: '', keyword: 'type', params: {}, message },
    ];
    return false;
  };
  const wrapped = ((data: Record<string, unknown> | null) => {
    for (const { name, numeric } of typed) {
      const value = data?.[name];
      if (value === '') return refuse(name, 'must not be empty');
      if (
        numeric &&
        typeof value === 'string' &&
        !Number.isFinite(Number(value)) &&
        !Number.isNaN(Number(value))
      )
        return refuse(name, 'must be a finite number');
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return wrapped;
}

/**
 * One pair of Ajv instances for the process: Ajv keeps what it compiled by schema object, so the
 * route schemas (module constants) compile once however many apps a process builds (a test worker
 * builds dozens; compiling them again was half of each test server's start).
 */
let ajvs: { plain: Ajv; strict: Ajv } | undefined;

export function registerValidation(app: FastifyInstance): void {
  ajvs ??= { plain: buildAjv('array'), strict: buildAjv(false) };
  const { plain, strict } = ajvs;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? strict : plain).compile(schema);
    return httpPart === 'querystring' || httpPart === 'params'
      ? refusingEmptyOrEndlessValues(validate, schema)
      : validate;
  });
  // Text that cannot be stored (NUL, a lone surrogate) is refused before any handler runs.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const bad = badTextIn(value);
      if (bad) throw badRequest(bad.path || part, `${bad.path || part} ${bad.problem}`);
    }
  });
}
