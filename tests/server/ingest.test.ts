// The generic JSON ingest: source keys issued by staff, records stored once, bad input refused by field.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

/** One sample's value from Prometheus's text format: `name{a="x",b="y"} 12`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => has[key] === value))
      total += Number(match[3]);
  }
  return total;
}

describeServer('JSON ingest', { env: { METRICS_TOKEN } }, (fixture) => {
  let sourceId: string;
  let apiKey: string;
  const post = (body: unknown, key?: string) =>
    fetch(`${fixture.server.url}/v1/ingest/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      body: JSON.stringify(body),
    }).then(async (reply) => ({
      status: reply.status,
      body: (await reply.json()) as Record<string, unknown>,
    }));

  beforeAll(async () => {
    const [source] = await fixture.server.db.query<{ id: string }>(
      `INSERT INTO source (type, code) VALUES ('CELLULAR', 'GW-0042') RETURNING id`,
    );
    sourceId = source?.id ?? '';
  });

  it('lets only staff issue a source key', async () => {
    const admin = await signIn(fixture.server);
    expect(
      (
        await call(fixture.server, 'POST', `/v1/admin/sources/${sourceId}/api-key`, {
          token: admin.token,
        })
      ).status,
    ).toBe(403);
    const staff = await signIn(fixture.server, 'staff@demo.example');
    const issued = await call<{ apiKey: string }>(
      fixture.server,
      'POST',
      `/v1/admin/sources/${sourceId}/api-key`,
      {
        token: staff.token,
      },
    );
    expect(issued.status).toBe(200);
    apiKey = issued.body.apiKey;
    expect(apiKey).toMatch(/^fpk_/);
  });

  it('stores records once and keeps the raw values', async () => {
    const body = {
      records: [
        {
          deviceTime: '2026-11-20T08:00:00Z',
          ignition: true,
          engineRpm: 1500,
          latitude: 51.5,
          longitude: -0.1,
          io: { pto: 1 },
        },
        { deviceTime: '2026-11-20T08:01:00Z', ignition: true, engineRpm: 1550, fuelUsedL: 1200.5 },
      ],
    };
    expect(await post(body, apiKey)).toEqual({
      status: 200,
      body: { stored: 2, duplicates: 0, invalid: 0, quarantined: 0, refused: [], setAside: [] },
    });
    expect(await post(body, apiKey)).toEqual({
      status: 200,
      body: { stored: 0, duplicates: 2, invalid: 0, quarantined: 0, refused: [], setAside: [] },
    });
    const rows = await fixture.server.db.query<{
      engine_rpm: number;
      io: Record<string, number> | null;
    }>(`SELECT engine_rpm, io FROM telemetry_record WHERE source_id = $1 ORDER BY device_time`, [
      sourceId,
    ]);
    expect(rows.map((r) => r.engine_rpm)).toEqual([1500, 1550]);
    expect(rows[0]?.io).toEqual({ pto: 1 });
  });

  it('refuses a missing or unknown key with 401', async () => {
    const body = { records: [{ deviceTime: '2026-11-20T09:00:00Z' }] };
    expect((await post(body)).status).toBe(401);
    expect((await post(body, 'fpk_not-a-key')).status).toBe(401);
  });

  it('names the field of a bad record, and stores nothing of the batch', async () => {
    const bad = await post(
      {
        records: [
          { deviceTime: '2026-11-20T10:00:00Z' },
          { deviceTime: '2026-11-20T10:01:00Z', speedKmh: 'fast' },
        ],
      },
      apiKey,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', field: 'records.1.speedKmh' },
    });
    const unknown = await post(
      { records: [{ deviceTime: '2026-11-20T10:00:00Z', colour: 'red' }] },
      apiKey,
    );
    expect(unknown).toMatchObject({ status: 400, body: { field: 'records.0.colour' } });
    const tooMany = await post(
      { records: Array.from({ length: 1001 }, () => ({ deviceTime: '2026-11-20T10:00:00Z' })) },
      apiKey,
    );
    expect(tooMany).toMatchObject({ status: 400, body: { field: 'records' } });
    const [count] = await fixture.server.db.query<{ n: number }>(
      `SELECT count(*) AS n FROM telemetry_record WHERE source_id = $1 AND device_time >= '2026-11-20T10:00:00Z'`,
      [sourceId],
    );
    expect(count?.n).toBe(0);
  });

  it('stores a record beside impossible values, setting aside only those values', async () => {
    const reply = await post(
      {
        records: [
          { deviceTime: '2026-11-20T11:00:00Z', ignition: true, speedKmh: 12 },
          { deviceTime: '2026-11-20T11:01:00Z', speedKmh: 1e39, temperatureC: -4, satellites: 9 },
          { deviceTime: '2026-11-20T11:02:00Z', hourMeterH: -1, fuelLevelPct: 1e308 },
        ],
      },
      apiKey,
    );
    expect(reply).toEqual({
      status: 200,
      body: {
        stored: 3,
        duplicates: 0,
        invalid: 0,
        quarantined: 0,
        refused: [],
        setAside: [
          { index: 1, fields: ['speedKmh'] },
          { index: 2, fields: ['hourMeterH', 'fuelLevelPct'] },
        ],
      },
    });
    const rows = await fixture.server.db.query<{
      speed_kmh: number | null;
      temperature_c: number | null;
      io: Record<string, string> | null;
    }>(
      `SELECT speed_kmh, temperature_c, io FROM telemetry_record
        WHERE source_id = $1 AND device_time >= '2026-11-20T11:00:00Z' ORDER BY device_time`,
      [sourceId],
    );
    expect(rows.map((r) => r.speed_kmh)).toEqual([12, null, null]);
    expect(rows[1]?.temperature_c).toBe(-4);
    expect(rows[1]?.io).toEqual({ 'impossible.speedKmh': '1e+39' });
  });
  it('serves Prometheus metrics behind its token, and their figures move with records', async () => {
    const scrape = async () => {
      const reply = await fetch(`${fixture.server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return reply.text();
    };
    for (const authorization of [undefined, 'Bearer not-the-token']) {
      const refused = await fetch(`${fixture.server.url}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status).toBe(401);
    }
    const before = await scrape();
    const body = {
      records: [0, 1, 2].map((i) => ({
        deviceTime: `2026-11-21T09:0${i}:00Z`,
        ignition: true,
        engineRpm: 1400,
      })),
    };
    await post(body, apiKey);
    await post(body, apiKey);
    const after = await scrape();
    const records = (text: string, outcome: string) =>
      sample(text, 'fleet_ingest_records_total', { protocol: 'CELLULAR', outcome });
    expect(records(after, 'stored') - records(before, 'stored')).toBe(3);
    expect(records(after, 'duplicate') - records(before, 'duplicate')).toBe(3);
    const acks = (text: string) =>
      sample(text, 'fleet_ingest_ack_seconds_count', { protocol: 'CELLULAR' });
    expect(acks(after) - acks(before)).toBe(2);
    const posts = (text: string) =>
      sample(text, 'fleet_http_requests_total', {
        method: 'POST',
        route: '/v1/ingest/records',
        status: '200',
      });
    expect(posts(after) - posts(before)).toBe(2);
    // Read at the scrape, and the process's own.
    expect(after).toMatch(/^fleet_recompute_queue_machines \d+$/m);
    expect(after).toMatch(/^fleet_process_resident_memory_bytes \d+/m);
    if (fixture.database.kind === 'postgres')
      expect(sample(after, 'fleet_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    // The Grafana dashboard (docs/operations.md) reads only metrics the portal exports: those of
    // PostgreSQL's pool and of JetStream where this process has them.
    const dashboard = readFileSync('ops/grafana/fleet-portal.json', 'utf8');
    const named = new Set(
      [...dashboard.matchAll(/fleet_[a-z0-9_]+/g)].map((m) =>
        m[0].replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    const exported = new Set([...after.matchAll(/^# HELP (\S+)/gm)].map((m) => m[1]));
    const elsewhere = ['fleet_jetstream_pending_messages', 'fleet_db_pool_connections'];
    expect([...named].filter((name) => !exported.has(name) && !elsewhere.includes(name))).toEqual(
      [],
    );
  });
});
