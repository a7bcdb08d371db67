// What the contract sweeps share: the routes of /v1/openapi.json with their schemas, a plausible
// value for any schema (so one field at a time can be made bad), and a route's path and query with
// the first organisation's ids filled in. Used by tests/server/contractSweep.test.ts and by the
// deeper run outside CI (tests/sweep/deep.ts).
import { hashPassword } from '../../../server/security/passwords.ts';
import type { Queryable } from '../../../server/db/database.ts';
import { API_SCOPES, type ApiScope } from '../../../src/domain/api/apiClients.ts';
import { newClientToken } from '../apiClients.ts';
import { signIn, type TestServer } from '../testServer.ts';

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  /** OpenAPI 3.0's one example (the document turns a schema's `examples` into it). */
  example?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minProperties?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
}
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  'x-access'?: 'public' | 'read' | 'write' | 'staff';
  /** The scope an API client's token needs (issue 43); none: people only. */
  'x-scope'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface Route {
  method: string;
  path: string;
  operation: Operation;
}

/** The ids of the first organisation (Northbank) a path parameter names, by path. */
export interface Ids {
  machine: string;
  site: string;
  source: string;
  sourceCode: string;
  oemFeed: string;
  group: string;
  user: string;
}

export const branch = (schema: Schema): Schema =>
  (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null' && !s.nullable) ??
  (schema.anyOf ?? schema.oneOf)?.[0] ??
  schema;

/** A plausible valid value for a schema, so one field at a time can be made bad. */
export function exampleOf(schema: Schema, name: string, ids: Ids): unknown {
  const s = branch(schema);
  if (s.default !== undefined) return s.default;
  // A value a pattern alone cannot suggest (an IMEI) is given by the schema.
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': {
      if (s.format === 'uuid') return /site/i.test(name) ? ids.site : ids.machine;
      if (s.format === 'email') return 'sweep@example.com';
      if (s.format === 'day' || s.format === 'range-bound') return '2026-11-20';
      if (s.format === 'date-time' || s.format === 'device-time') return '2026-11-20T08:00:00Z';
      if (s.format === 'time-zone') return 'Europe/London';
      if (s.format === 'uri') return 'https://oem.example.com/feed';
      if (s.pattern?.startsWith('^\\+?')) return '+44 7700 900123';
      if (s.pattern?.startsWith('^[A-Z]')) return 'SWEEP_OEM';
      return 'sweep'.padEnd(Math.max(5, s.minLength ?? 0), 'x');
    }
    case 'number':
    case 'integer':
      return Math.max(
        1,
        s.minimum ?? 1,
        typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1,
      );
    case 'boolean':
      return false;
    case 'array':
      return s.minItems ? [exampleOf(s.items ?? {}, name, ids)] : [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of s.required ?? [])
        value[key] = exampleOf(s.properties?.[key] ?? {}, key, ids);
      // An update that must change something: its first field.
      const first = Object.keys(s.properties ?? {})[0];
      if ((s.minProperties ?? 0) > Object.keys(value).length && first)
        value[first] = exampleOf(s.properties?.[first] ?? {}, first, ids);
      return value;
    }
    default:
      return 'sweep';
  }
}

export const messageOf = (body: unknown) =>
  String((body as { message?: string } | undefined)?.message ?? '').slice(0, 120);

export function pathFor(route: Route, ids: Ids, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in overrides) return encodePart(overrides[name] as string);
    // A path parameter of fixed values (a report type) takes its first.
    const schema = route.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    const values = schema && branch(schema.schema).enum;
    if (values) return encodeURIComponent(String(values[0]));
    // A number in a path is a page (ISO 15143-3's fleet pages), not a record: the first.
    if (schema && branch(schema.schema).type === 'integer') return '1';
    // An instant in a path bounds a time series (ISO 15143-3's): a window that ends after it starts.
    if (schema && branch(schema.schema).format === 'date-time')
      return encodeURIComponent(
        name.startsWith('end') ? '2030-01-01T00:00:00Z' : '2020-01-01T00:00:00Z',
      );
    if (name === 'userId') return ids.user;
    if (name === 'token') return 'no-such-share-token';
    if (name === 'code') return ids.sourceCode;
    if (name === 'imageId') return '00000000-0000-4000-8000-000000000000';
    if (route.path.includes('/sites/')) return ids.site;
    if (/\/users\/\{/.test(route.path)) return ids.user;
    if (route.path.includes('/oem-feeds/')) return ids.oemFeed;
    if (route.path.includes('/sources/')) return ids.source;
    return ids.machine;
  });
}

/**
 * Text for a URL, as encodeURIComponent makes it, except that a lone surrogate (which no URL can
 * carry) goes as the three bytes a careless client would send for it: broken UTF-8 for the server.
 */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }).join('');
  }
}

export function query(params: Record<string, unknown>): string {
  const pairs = Object.entries(params).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `${encodePart(key)}=${encodePart(String(item))}`,
    ),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Every operation of the OpenAPI document, HEAD aside. */
export async function loadRoutes(url: string): Promise<Route[]> {
  const doc = (await (await fetch(`${url}/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  // By path and method, not by the order the server registered them in: a run split by route
  // (sweep:deep --routes) covers the same routes however the modules are listed.
  return Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The webhooks' tokens, so the sweep reaches their handlers. */
export const WEBHOOK_TOKENS = {
  DIGITALMATTER_TOKEN: 'sweep-dm-token-0123456789',
  LORAWAN_TTS_TOKEN: 'sweep-tts-token-0123456789',
  LORAWAN_CHIRPSTACK_TOKEN: 'sweep-chirpstack-token-01234',
};
const OTHER_ADMIN = 'sweep-other@example.com';
const OTHER_PASSWORD = 'Sweep-portal-1';

export interface Sweep {
  routes: Route[];
  /** The first organisation's (Northbank's) ids, for path parameters. */
  ids: Ids;
  /** Names and ids of the first organisation that must never reach another's reply. */
  foreign: string[];
  tokens: Record<'admin' | 'viewer' | 'staff' | 'other', string>;
  /** An API client's token of the first organisation, with the scope iso:read (issue 43). */
  clientToken: string;
  /** A token of a client of the first organisation for each scope alone. */
  scopeTokens: Record<ApiScope, string>;
}

/** The routes, the first organisation's ids, and tokens of each kind of caller, a second rental
 * company's admin among them, on a seeded server. */
export async function prepareSweep(server: TestServer): Promise<Sweep> {
  const routes = await loadRoutes(server.url);
  const one = async (sql: string) =>
    (await server.db.query<{ v: string }>(sql))[0]?.v ?? '00000000-0000-4000-8000-000000000000';
  const northbank = `(SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')`;
  const ids: Ids = {
    machine: await one(
      `SELECT id::text AS v FROM machine WHERE organisation_id = ${northbank} ORDER BY name LIMIT 1`,
    ),
    site: await one(
      `SELECT id::text AS v FROM site WHERE organisation_id = ${northbank} ORDER BY name LIMIT 1`,
    ),
    source: await one(
      `SELECT s.id::text AS v FROM source s JOIN machine m ON m.id = s.machine_id WHERE m.organisation_id = ${northbank} LIMIT 1`,
    ),
    sourceCode: await one(
      `SELECT code AS v FROM source WHERE machine_id IS NULL ORDER BY code LIMIT 1`,
    ),
    oemFeed: await one(`SELECT id::text AS v FROM oem_feed LIMIT 1`),
    group: await one(
      `SELECT id::text AS v FROM machine_group WHERE organisation_id = ${northbank} LIMIT 1`,
    ),
    user: await one(
      `SELECT u.id::text AS v FROM app_user u JOIN membership m ON m.user_id = u.id
        WHERE m.organisation_id = ${northbank} AND m.role = 'viewer' LIMIT 1`,
    ),
  };
  const foreign = (
    await server.db.query<{ v: string }>(
      `SELECT id::text AS v FROM machine WHERE organisation_id = ${northbank}
       UNION ALL SELECT name FROM machine WHERE organisation_id = ${northbank}
       UNION ALL SELECT id::text FROM site WHERE organisation_id = ${northbank}
       UNION ALL SELECT u.email FROM app_user u JOIN membership m ON m.user_id = u.id
                  WHERE m.organisation_id = ${northbank} AND m.role <> 'internal'`,
    )
  ).map((row) => row.v);

  // A second rental company, with an admin and nothing else.
  const [org] = await server.db.query<{ id: string }>(
    `INSERT INTO organisation (name, type) VALUES ('Sweep Other Hire', 'rental') RETURNING id`,
  );
  const [user] = await server.db.query<{ id: string }>(
    `INSERT INTO app_user (email, first_name, last_name, password_hash) VALUES ($1, 'Other', 'Admin', $2) RETURNING id`,
    [OTHER_ADMIN, await hashPassword(OTHER_PASSWORD)],
  );
  await server.db.query(
    `INSERT INTO membership (user_id, organisation_id, role, is_default) VALUES ($1, $2, 'admin', true)`,
    [user?.id ?? null, org?.id ?? null],
  );
  const tokens = {
    admin: (await signIn(server)).token,
    viewer: (await signIn(server, 'viewer@demo.example')).token,
    staff: (await signIn(server, 'staff@demo.example')).token,
    other: (await signIn(server, OTHER_ADMIN, OTHER_PASSWORD)).token,
  };
  return {
    routes,
    ids,
    foreign,
    tokens,
    clientToken: await newClientToken(server, tokens.admin, {
      name: 'Sweep client',
      scopes: ['iso:read'],
    }),
    scopeTokens: Object.fromEntries(
      await Promise.all(
        API_SCOPES.map(async (scope) => [
          scope,
          await newClientToken(server, tokens.admin, { name: `Sweep ${scope}`, scopes: [scope] }),
        ]),
      ),
    ) as Record<ApiScope, string>,
  };
}

/** A valid request for the route: its required query parameters, a body, the path with ids. */
export function baseRequest(route: Route, ids: Ids) {
  const params: Record<string, unknown> = {};
  for (const parameter of route.operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    params[parameter.name] = exampleOf(parameter.schema, parameter.name, ids);
  }
  // Cheap ranges keep the sweep quick: one day rather than everything recorded.
  for (const parameter of route.operation.parameters ?? []) {
    if (parameter.in === 'query' && /^(start|end|startDate|endDate)$/.test(parameter.name))
      params[parameter.name] = '2026-11-20';
  }
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema
    ? (exampleOf(bodySchema, 'body', ids) as Record<string, unknown>)
    : undefined;
  return { params, body, path: pathFor(route, ids) };
}

let requests = 0;
/** A request id of the sweep's own, so the audit row a request wrote can be found by it. */
export const sweepRequestId = () => `sweep-${process.pid}-${++requests}`;

/** One request as the sweep sends it: JSON unless a raw body and its type are given. */
export async function sendRaw(
  url: string,
  route: Route,
  request: {
    token?: string;
    path: string;
    params: Record<string, unknown>;
    body?: unknown;
    raw?: { contentType: string; bytes: Buffer | string };
    requestId: string;
  },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'x-request-id': request.requestId };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | Blob | undefined;
  if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    const { bytes } = request.raw;
    body = typeof bytes === 'string' ? bytes : new Blob([new Uint8Array(bytes)]);
  } else if (request.body !== undefined || !(route.method === 'GET' || route.method === 'DELETE')) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body ?? {});
  }
  const response = await fetch(`${url}${request.path}${query(request.params)}`, {
    method: route.method,
    headers,
    body,
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  let parsed: unknown = text;
  if (json && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the audit trail holds of one request: an accepted write by a signed-in caller leaves
 * exactly one row with its status, a refused one (4xx) none. Undefined when it holds that; else what
 * went wrong.
 */
export async function auditProblem(
  db: Queryable,
  route: Route,
  signedIn: boolean,
  requestId: string,
  status: number,
): Promise<string | undefined> {
  if (!WRITES.has(route.method) || !signedIn || route.operation['x-access'] === 'public')
    return undefined;
  const rows = await db.query<{ status: number | null }>(
    `SELECT status FROM audit_event
      WHERE request_id = $1 AND action = 'api.write' AND at > now() - interval '10 minutes'`,
    [requestId],
  );
  const accepted = status >= 200 && status < 300;
  if (accepted && (rows.length !== 1 || rows[0]?.status !== status))
    return `answered ${status} with ${rows.length} audit rows (${rows.map((r) => r.status).join(', ')})`;
  // A 5xx keeps its row (it may have changed something) and fails the sweep by itself.
  if (status < 500 && !accepted && rows.length > 0)
    return `answered ${status} but left ${rows.length} audit rows`;
  return undefined;
}

export interface Field {
  where: 'query' | 'path' | 'body';
  name: string;
  schema: Schema;
}

/** Every query and path parameter of the route, and every top-level field of its JSON body. */
export function fieldsOf(route: Route): Field[] {
  const fields: Field[] = [];
  for (const parameter of route.operation.parameters ?? [])
    if (parameter.in === 'query' || parameter.in === 'path')
      fields.push({ where: parameter.in, name: parameter.name, schema: parameter.schema });
  const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
  for (const [name, schema] of Object.entries(branch(bodySchema ?? {}).properties ?? {}))
    fields.push({ where: 'body', name, schema });
  return fields;
}
