// The contract sweep: generated from /v1/openapi.json, so every route that exists now or is added
// later is covered without anyone writing a case for it. For every operation: 401 without a token
// (unless declared public); another organisation's caller gets 404 or 403 with the first
// organisation's ids, and never its data; a viewer's write gets 403; and for every parameter and
// body field, bad values (wrong type, empty, NUL, too long, negative, out of range, impossible
// dates, unknown fields) get a 400 naming the field, never a 500, and change nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/modules/auth/passwords.ts';
import { testDatabases } from '../support/databases.ts';
import { signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const WEBHOOK_TOKENS = {
  DIGITALMATTER_TOKEN: 'sweep-dm-token-0123456789',
  LORAWAN_TTS_TOKEN: 'sweep-tts-token-0123456789',
  LORAWAN_CHIRPSTACK_TOKEN: 'sweep-chirpstack-token-01234',
};
const OTHER_ADMIN = 'sweep-other@example.com';
const OTHER_PASSWORD = 'Sweep-portal-1';

interface Schema {
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
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  'x-access'?: 'public' | 'read' | 'write' | 'staff';
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}

/** The ids of the first organisation (Northbank) a path parameter names, by path. */
interface Ids {
  machine: string;
  site: string;
  source: string;
  sourceCode: string;
  oemFeed: string;
  group: string;
  user: string;
}

const branch = (schema: Schema): Schema =>
  (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null' && !s.nullable) ??
  (schema.anyOf ?? schema.oneOf)?.[0] ??
  schema;

/** A plausible valid value for a schema, so one field at a time can be made bad. */
function exampleOf(schema: Schema, name: string, ids: Ids): unknown {
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

interface BadValue {
  kind: string;
  value: unknown;
  /** True when the contract says this must be refused with 400 naming the field. */
  mustRefuse: boolean;
}

/** The bad values to try in a field of this schema. */
function badValuesFor(schema: Schema, where: 'query' | 'path' | 'body'): BadValue[] {
  const inQuery = where !== 'body';
  // A repeated query parameter is checked by its items.
  const s =
    inQuery && branch(schema).type === 'array'
      ? branch(branch(schema).items ?? {})
      : branch(schema);
  const isString = s.type === 'string';
  const isNumber = s.type === 'number' || s.type === 'integer';
  const isDate =
    isString && ['day', 'range-bound', 'date-time', 'device-time'].includes(s.format ?? '');
  const list: BadValue[] = [
    // A query parameter is text anyway: a "wrong type" there is text where a number belongs.
    {
      kind: 'wrong type',
      value: isString ? (inQuery ? undefined : 12345) : 'not-a-number',
      mustRefuse:
        s.type !== undefined && !(isString && inQuery) && !s.enum?.includes('not-a-number'),
    },
    { kind: 'NUL', value: 'a\u0000b', mustRefuse: isString || s.type === 'array' },
    {
      kind: 'too long',
      value: 'x'.repeat(where === 'path' ? 600 : inQuery ? 6_000 : 70_000),
      mustRefuse: isString || isNumber || s.type === 'boolean',
    },
    {
      kind: 'empty',
      value: '',
      mustRefuse: isNumber || s.format === 'uuid' || isDate || (s.minLength ?? 0) > 0,
    },
    {
      kind: 'negative',
      value: inQuery ? '-1' : -1,
      mustRefuse: isNumber && (s.minimum ?? -1) >= 0,
    },
    { kind: 'out of range', value: inQuery ? '1e39' : 1e39, mustRefuse: isNumber },
  ];
  if (isDate || s.type === undefined)
    for (const value of ['2026-13-45', '2026-02-30', '9999-12-31', '0001-01-01'])
      list.push({ kind: `impossible date ${value}`, value, mustRefuse: isDate });
  return list.filter((bad) => bad.value !== undefined);
}

const messageOf = (body: unknown) =>
  String((body as { message?: string } | undefined)?.message ?? '').slice(0, 120);

function pathFor(route: Route, ids: Ids, overrides: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name in overrides) return encodeURIComponent(overrides[name] as string);
    // A path parameter of fixed values (a report type) takes its first.
    const schema = route.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    const values = schema && branch(schema.schema).enum;
    if (values) return encodeURIComponent(String(values[0]));
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

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe.each(testDatabases)('contract sweep on $kind', (database) => {
  let server: TestServer;
  let routes: Route[];
  let ids: Ids;
  const tokens: Record<'admin' | 'viewer' | 'staff' | 'other', string> = {
    admin: '',
    viewer: '',
    staff: '',
    other: '',
  };
  /** Names and ids of the first organisation that must never reach another's reply. */
  let foreign: string[];
  const totals = { routes: 0, cases: 0, failures: 0 };
  /** The current test's failures, each a line naming the route, the case and what came back. */
  let failures: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(database, { env: WEBHOOK_TOKENS });
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'head')
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    const one = async (sql: string) =>
      (await server.db.query<{ v: string }>(sql))[0]?.v ?? '00000000-0000-4000-8000-000000000000';
    const northbank = `(SELECT id FROM organisation WHERE name = 'Northbank Plant Hire')`;
    ids = {
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
    foreign = (
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
    tokens.admin = (await signIn(server)).token;
    tokens.viewer = (await signIn(server, 'viewer@demo.example')).token;
    tokens.staff = (await signIn(server, 'staff@demo.example')).token;
    tokens.other = (await signIn(server, OTHER_ADMIN, OTHER_PASSWORD)).token;
    totals.routes = routes.length;
  });
  afterAll(async () => {
    console.log(
      `contract sweep on ${database.kind}: ${totals.routes} routes, ${totals.cases} cases, ${totals.failures} failures`,
    );
    await server.close();
  });

  /** One request: query and body built from the operation, with `bad` put into one place. */
  async function send(
    route: Route,
    token: string | undefined,
    bad?: { where: 'query' | 'path' | 'body'; name: string; value: unknown },
  ) {
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
    let body = bodySchema
      ? (exampleOf(bodySchema, 'body', ids) as Record<string, unknown>)
      : undefined;
    let path = pathFor(route, ids);
    if (bad?.where === 'query') params[bad.name] = bad.value;
    if (bad?.where === 'path') path = pathFor(route, ids, { [bad.name]: String(bad.value) });
    if (bad?.where === 'body') body = { ...(body ?? {}), [bad.name]: bad.value };
    totals.cases++;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const sendsBody = body !== undefined || !(route.method === 'GET' || route.method === 'DELETE');
    if (sendsBody) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}${query(params)}`, {
      method: route.method,
      headers,
      body: sendsBody ? JSON.stringify(body ?? {}) : undefined,
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, body: (json && text ? JSON.parse(text) : text) as unknown };
  }

  const check = (ok: boolean, message: string) => {
    if (ok) return;
    failures.push(message);
    totals.failures++;
  };
  beforeEach(() => {
    failures = [];
  });

  /** A fingerprint of the organisation's data a refused request must leave alone. */
  async function fingerprint(): Promise<string> {
    // Work an accepted request queued (a report file being made) settles first.
    await server.app.reports.idle();
    const parts = await Promise.all(
      [
        'machine',
        'site',
        'machine_group',
        'saved_filter',
        'oem_feed',
        'hour_meter_correction',
        'location_share',
        'mail_outbox',
        'machine_image',
        'machine_breakdown',
        'membership',
        'account_token',
        'audit_event',
        'mail_suppression',
        'report_file',
        'report_schedule',
        'report_run',
        'document',
      ].map((table) =>
        server.db
          .query<{ v: string | null }>(
            `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS v FROM ${table} t`,
          )
          .then((rows) => `${table}:${rows[0]?.v}`),
      ),
    );
    return parts.join('|');
  }

  it('refuses every non-public route without a token with 401', async () => {
    for (const route of routes) {
      if (route.operation['x-access'] === 'public') continue;
      const reply = await send(route, undefined);
      check(reply.status === 401, `${route.method} ${route.path} without a token: ${reply.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('declares every route public, read, write or staff', () => {
    const undeclared = routes.filter(
      (route) => !['public', 'read', 'write', 'staff'].includes(route.operation['x-access'] ?? ''),
    );
    expect(undeclared.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("never shows another organisation's data: its ids get 404 or 403, its lists stay out", async () => {
    for (const route of routes) {
      const access = route.operation['x-access'];
      if (access === 'public' || access === 'staff') continue;
      const reply = await send(route, tokens.other);
      const text = JSON.stringify(reply.body ?? '');
      const leaked = foreign.find((value) => text.includes(value));
      // A path of fixed values (a report type) names nothing of the first organisation's.
      const namesRecord = (route.operation.parameters ?? []).some(
        (p) => p.in === 'path' && !branch(p.schema).enum,
      );
      if (namesRecord) {
        check(
          reply.status === 404 || reply.status === 403,
          `${route.method} ${route.path} with the first organisation's ids: ${reply.status} (${messageOf(reply.body)})`,
        );
      } else {
        check(
          reply.status < 500,
          `${route.method} ${route.path} as another organisation: ${reply.status}`,
        );
      }
      check(!leaked, `${route.method} ${route.path} showed another organisation's '${leaked}'`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses a viewer's writes, and staff routes to anyone but staff, with 403", async () => {
    for (const route of routes) {
      const access = route.operation['x-access'];
      if (access !== 'write' && access !== 'staff') continue;
      const before = await fingerprint();
      const reply = await send(route, tokens.viewer);
      check(reply.status === 403, `${route.method} ${route.path} as a viewer: ${reply.status}`);
      if (access === 'staff') {
        const admin = await send(route, tokens.admin);
        check(admin.status === 403, `${route.method} ${route.path} as an admin: ${admin.status}`);
      }
      check(
        (await fingerprint()) === before,
        `${route.method} ${route.path} as a viewer changed data`,
      );
    }
    expect(failures).toEqual([]);
  });

  // Thousands of requests, more with every route: 46 s to over a minute on a busy 2-core machine.
  it('answers bad values in every parameter and body field with 400 naming the field, never 500, changing nothing', async () => {
    for (const route of routes) {
      const access = route.operation['x-access'];
      const token =
        access === 'staff' ? tokens.staff : access === 'public' ? undefined : tokens.admin;
      const fields: { where: 'query' | 'path' | 'body'; name: string; schema: Schema }[] = [];
      for (const parameter of route.operation.parameters ?? [])
        if (parameter.in === 'query' || parameter.in === 'path')
          fields.push({ where: parameter.in, name: parameter.name, schema: parameter.schema });
      const bodySchema = route.operation.requestBody?.content['application/json']?.schema;
      for (const [name, schema] of Object.entries(branch(bodySchema ?? {}).properties ?? {}))
        fields.push({ where: 'body', name, schema });

      for (const field of fields) {
        for (const bad of badValuesFor(field.schema, field.where)) {
          const before = bad.mustRefuse ? await fingerprint() : '';
          const reply = await send(route, token, {
            where: field.where,
            name: field.name,
            value: bad.value,
          });
          const where = `${route.method} ${route.path} ${field.where} ${field.name} ${bad.kind}`;
          check(reply.status < 500, `${where}: ${reply.status}`);
          if (!bad.mustRefuse) continue;
          const named = (reply.body as { field?: string } | undefined)?.field ?? '';
          check(
            reply.status === 400 && (named === field.name || named.startsWith(`${field.name}.`)),
            `${where}: ${reply.status} naming '${named}' (${messageOf(reply.body)})`,
          );
          check((await fingerprint()) === before, `${where}: changed data`);
        }
      }
      // Unknown fields, where the operation takes a body or a query.
      const unknown = await send(route, token, {
        where: bodySchema ? 'body' : 'query',
        name: 'sweepUnknownField',
        value: 'x',
      });
      const closed = bodySchema
        ? branch(bodySchema).additionalProperties === false
        : (route.operation.parameters ?? []).some((p) => p.in === 'query');
      check(unknown.status < 500, `${route.method} ${route.path} unknown field: ${unknown.status}`);
      if (closed && bodySchema)
        check(
          unknown.status === 400,
          `${route.method} ${route.path} unknown body field: ${unknown.status}`,
        );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
