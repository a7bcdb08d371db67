// Hostile requests made by fast-check from each route's own schema: text that is not valid Unicode
// or holds NUL, impossible and far dates, numbers at and past their limits, deep and wide JSON,
// over-long strings, values of the wrong type, bodies of the wrong content type, and multipart
// forms whose names are hostile. The sweep sends them and holds the server to what it promises
// whatever comes in: never a 500, and an audit row for every accepted write.
import fc from 'fast-check';
import {
  baseRequest,
  branch,
  fieldsOf,
  pathFor,
  type Ids,
  type Route,
  type Schema,
} from './contract.ts';

/** Text a person never types: lone surrogates, NUL, controls, mixed with ordinary characters. */
const hostileUnit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('\u0000', '\u0007', '\u202e', '\ufeff', '\uffff', '%', '%00', "'", '"', '\\'),
);
const hostileText = fc.string({ unit: hostileUnit, maxLength: 40 });

const DATES = [
  '2026-13-45',
  '2026-02-30',
  '2026-00-10',
  '9999-12-31',
  '0001-01-01',
  '1969-12-31',
  '2101-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-1-1',
  '2026-11-20T25:00:00Z',
  '2026-11-20T10:61:00Z',
  '2026-11-20T10:00:00+25:00',
  '2026-11-20T10:00:00',
  'max ',
  'today',
];

/** Numbers at, just past and far past a schema's limits, and the ones JSON cannot carry well. */
function numbersFor(s: Schema): fc.Arbitrary<unknown> {
  const edges = [0, -1, 0.5, -0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 1e-320];
  for (const limit of [s.minimum, s.maximum])
    if (limit !== undefined) edges.push(limit, limit - 1, limit + 1, limit + 0.5);
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.constantFrom('NaN', 'Infinity', '1e999', '0x10', ' 1', '1_000'),
  );
}

/** JSON nested `depth` levels down, in objects or arrays. */
const deep = (depth: number, arrays: boolean): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
};
const wide = (count: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

const structures = fc.oneof(
  fc
    .integer({ min: 20, max: 3000 })
    .chain((depth) => fc.boolean().map((arrays) => deep(depth, arrays))),
  fc.integer({ min: 50, max: 20_000 }).map(wide),
  fc.integer({ min: 50, max: 20_000 }).map((count) => Array.from({ length: count }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A value for a field of this schema that the schema, or what lies behind it, may not expect. */
export function hostileValue(schema: Schema): fc.Arbitrary<unknown> {
  const s = branch(schema);
  const maxLength = s.maxLength ?? 1000;
  return fc.oneof(
    { weight: 3, arbitrary: hostileText },
    { weight: 2, arbitrary: fc.constantFrom(...DATES) },
    { weight: 2, arbitrary: numbersFor(s) },
    fc.constantFrom(
      'x'.repeat(maxLength + 1),
      'é'.repeat(maxLength + 1),
      'x'.repeat(100_000),
      '',
      ' ',
      null,
      true,
      [],
      {},
    ),
    structures,
    fc.array(hostileText, { maxLength: 5 }),
  );
}

/** A query or path parameter is text: the value as the URL carries it. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A part's name or file name as raw bytes: broken UTF-8, NUL, quotes and line breaks included. */
const hostileBytes = fc.oneof(
  hostileText.map((text) => Buffer.from(text, 'utf8')),
  fc.constantFrom(
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0xff, 0xfe, 0x00]),
    Buffer.from('a"; filename="b', 'latin1'),
    Buffer.from('x'.repeat(5000)),
    Buffer.from('../../etc/passwd'),
  ),
);

function multipart(name: Buffer, filename: Buffer, content: Buffer): Buffer {
  const boundary = 'sweepBoundary7MA4YWxk';
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
    name,
    Buffer.from('"; filename="'),
    filename,
    Buffer.from('"\r\nContent-Type: application/octet-stream\r\n\r\n'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

export interface HostileCase {
  kind: string;
  path: string;
  params: Record<string, unknown>;
  body?: unknown;
  raw?: { contentType: string; bytes: Buffer | string };
}

/** One hostile request for the route: one of its fields made hostile, or its whole body. */
export function hostileCase(route: Route, ids: Ids): fc.Arbitrary<HostileCase> {
  const base = () => baseRequest(route, ids);
  const fields = fieldsOf(route);
  const inField = fields.length
    ? fc.constantFrom(...fields).chain((field) =>
        hostileValue(field.schema).map((value): HostileCase => {
          const request = base();
          if (field.where === 'query') request.params[field.name] = asText(value);
          if (field.where === 'body')
            request.body = { ...(request.body ?? {}), [field.name]: value };
          const path =
            field.where === 'path'
              ? pathFor(route, ids, { [field.name]: asText(value) })
              : request.path;
          return { kind: `${field.where} ${field.name}`, ...request, path };
        }),
      )
    : undefined;
  const wholeBody = fc
    .oneof(structures, hostileText, fc.constantFrom(null, 0, [], 'null'))
    .map((body): HostileCase => ({ kind: 'whole body', ...base(), body }));
  const brokenJson = fc
    .constantFrom(
      '{"a":',
      '{"a":1}}',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '[',
      '"\\ud800"',
      '{"a":1e999}',
      // Deeper than any parser's recursion goes, as text: no JSON.stringify could make it.
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    )
    .map((text): HostileCase => ({
      kind: 'broken JSON',
      ...base(),
      raw: { contentType: 'application/json', bytes: text },
    }));
  const wrongType = fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'application/json; charset=utf-16',
      ),
      hostileText,
    )
    .map(([contentType, text]): HostileCase => ({
      kind: `content type ${contentType}`,
      ...base(),
      raw: { contentType, bytes: text },
    }));
  const form = fc
    .tuple(hostileBytes, hostileBytes, fc.uint8Array({ maxLength: 64 }))
    .map(([name, filename, content]): HostileCase => ({
      kind: 'multipart names',
      ...base(),
      raw: {
        contentType: 'multipart/form-data; boundary=sweepBoundary7MA4YWxk',
        bytes: multipart(name, filename, Buffer.from(content)),
      },
    }));
  const extraQuery = fc.tuple(hostileText, hostileValue({})).map(([name, value]): HostileCase => {
    const request = base();
    request.params[name || 'sweep'] = asText(value);
    return { kind: 'unknown query parameter', ...request };
  });
  // fetch sends no body with a GET.
  const bodies = route.method === 'GET' ? [] : [wholeBody, brokenJson, wrongType, form];
  return fc.oneof(...(inField ? [{ weight: 6, arbitrary: inField }] : []), extraQuery, ...bodies);
}
