// The generic JSON ingest: source keys issued by staff, records stored once, bad input refused by field.
import { beforeAll, expect, it } from 'vitest';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('JSON ingest', {}, (fixture) => {
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
});
