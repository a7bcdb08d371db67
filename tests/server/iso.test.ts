// ISO 15143-3 out and API clients through HTTP on both databases (issue 43): an admin makes a
// client (the secret shown once), the client takes a token by client credentials (form or Basic),
// reads the fleet snapshot in pages as XML and JSON (read back by the portal's own AEMP parser),
// one machine's readings, gets 400 past the last page, 429 on a second read of a URL within the
// minute, 403 on a route without its scope, and 401 once revoked; a customer's client sees only
// the machines on hire to it now.
// @clock-relative: hires, readings and expiries are placed around now; the rate window is a minute.
import { beforeAll, expect, it } from 'vitest';
import type { ApiClient, ApiClientCreated } from '../../src/domain/api/apiClients.ts';
import { createClient } from '../../server/modules/apiClients/store.ts';
import { decodeAempPage, type AempFormat } from '../../server/telemetry/adapters/aemp.ts';
import { newClientToken, requestToken } from '../support/apiClients.ts';
import { emptyRecord, type TelemetryRecord } from '../../server/telemetry/record.ts';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const PAGING_MACHINES = 150;
const CREDENTIALS = { grant_type: 'client_credentials' };

describeServer('iso', { users: ['admin', 'viewer', 'customer'] }, (fixture) => {
  /** A machine of the paging yard with readings: its meter, position, activity and day. */
  let metered: string;
  /** A machine of the paging yard whose tracker sends a fuel counter and a tank level. */
  let fuelled: string;
  let yardToken: string;

  const takeToken = (form: Record<string, string>, basic?: [string, string]) =>
    requestToken(fixture.server, form, basic);

  const read = async (path: string, token: string, accept = 'application/xml') => {
    const response = await fetch(`${fixture.server.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  /** A fleet page read back as the portal's own AEMP poller reads a feed. */
  const fleet = async (page: number, token: string, format: AempFormat = 'xml') => {
    const path = `/v1/iso/Fleet/${page}`;
    const reply = await read(path, token, `application/${format}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toContain(`application/${format}`);
    return decodeAempPage(reply.text, format, 'ISO', `${fixture.server.url}${path}`, Date.now());
  };

  beforeAll(async () => {
    const db = fixture.server.db;
    const [organisation] = await db.query<{ id: string }>(
      `INSERT INTO organisation (name, type) VALUES ('ISO paging yard', 'rental') RETURNING id`,
    );
    const yard = organisation?.id ?? '';
    const machines = await db.query<{ id: string }>(
      `INSERT INTO machine (organisation_id, name, oem, model, pin, hour_meter_h)
       SELECT $1, 'Paged ' || n, 'JCB', '3CX', 'PIN-' || lpad(n::text, 4, '0'), 1000 + n
         FROM generate_series(1, $2) n RETURNING id`,
      [yard, PAGING_MACHINES],
    );
    metered = machines[0]?.id ?? '';
    fuelled = machines[1]?.id ?? '';
    await db.query(
      `INSERT INTO source (type, code, machine_id, last_latitude, last_longitude, last_position_at,
                           last_seen_at)
       VALUES ('TELTONIKA', 'ISO-TEST-1', $1, 51.5, -0.12, now() - interval '10 minutes',
               now() - interval '10 minutes')`,
      [metered],
    );
    await db.query(
      // Worked half an hour, then off since: the engine's last state runs on past now.
      `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
       VALUES ($1, now() - interval '40 minutes', now() - interval '10 minutes', 'active'),
              ($1, now() - interval '10 minutes', now() + interval '2 hours', 'off')`,
      [metered],
    );
    // Its life so far: one month of 2 idle hours, 55.5 litres and 12 km.
    await db.query(
      `INSERT INTO machine_month_rollup (machine_id, month, first_day, days, active_s, idle_s, off_s,
                                         missing_s, brokendown_s, out_of_hours_s, fuel_l, fuel_estimated,
                                         co2_kg, distance_m, trips, refills, refill_l, thefts, theft_l)
       VALUES ($1, '2026-01-01', '2026-01-05', 3, 36000, 7200, 0, 0, 0, 0, 55.5, false, 146, 12000, 2, 0,
               0, 0, 0)`,
      [metered],
    );
    const client = await createClient(db, yard, null, { name: 'Dealer', scopes: ['iso:read'] });
    const token = await takeToken({ ...CREDENTIALS }, [client.clientId, client.clientSecret]);
    yardToken = token.body.access_token;
  });

  it('makes a client for an admin only, its secret shown once, and refuses each bad one by its field', async () => {
    const make = (body: object, token = fixture.admin) =>
      call<ApiClientCreated & { field?: string }>(
        fixture.server,
        'POST',
        '/v1/organisation/api-clients',
        { body, token },
      );
    expect((await make({ name: 'ERP', scopes: ['iso:read'] }, fixture.viewer)).status).toBe(403);
    const unknownScope = await make({ name: 'ERP', scopes: ['everything'] });
    expect([unknownScope.status, unknownScope.body.field]).toEqual([400, 'scopes.0']);
    const past = await make({
      name: 'ERP',
      scopes: ['iso:read'],
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect([past.status, past.body.field]).toEqual([400, 'expiresAt']);

    const made = await make({ name: 'ERP', scopes: ['iso:read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.clientSecret).toMatch(/^fps_/);
    const listed = await call<ApiClient[]>(fixture.server, 'GET', '/v1/organisation/api-clients', {
      token: fixture.admin,
    });
    const kept = listed.body.find((client) => client.id === made.body.id);
    expect(kept).toMatchObject({ name: 'ERP', scopes: ['iso:read'], lastUsedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.clientSecret);

    // The token: by the form or by HTTP Basic; wrong secrets, grants and scopes in OAuth's words.
    const { clientId, clientSecret } = made.body;
    const byForm = await takeToken({
      ...CREDENTIALS,
      client_id: clientId,
      client_secret: clientSecret,
    });
    expect(byForm.status, JSON.stringify(byForm.body)).toBe(200);
    expect(byForm.body).toMatchObject({ token_type: 'Bearer', scope: 'iso:read' });
    expect(byForm.body.expires_in).toBeGreaterThan(0);
    expect((await takeToken({ ...CREDENTIALS }, [clientId, clientSecret])).status).toBe(200);
    const wrong = await takeToken({ ...CREDENTIALS }, [clientId, `${clientSecret}x`]);
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    const grant = await takeToken({ grant_type: 'password' }, [clientId, clientSecret]);
    expect([grant.status, grant.body.error, grant.body.field]).toEqual([
      400,
      'unsupported_grant_type',
      'grant_type',
    ]);
    const scope = await takeToken({ ...CREDENTIALS, scope: 'hires:write' }, [
      clientId,
      clientSecret,
    ]);
    expect([scope.status, scope.body.error]).toEqual([400, 'invalid_scope']);

    // Its token passes only the routes of its scope; revoked, it passes none.
    const token = byForm.body.access_token;
    const portal = await call(fixture.server, 'GET', '/v1/portal/machines/list', { token });
    expect(portal.status).toBe(403);
    const revoked = await call<ApiClient>(
      fixture.server,
      'DELETE',
      `/v1/organisation/api-clients/${made.body.id}`,
      { token: fixture.admin },
    );
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await read('/v1/iso/Fleet/1', token)).status).toBe(401);
    expect((await takeToken({ ...CREDENTIALS }, [clientId, clientSecret])).status).toBe(401);
  });

  it('serves the fleet in pages of 100, XML by default and JSON when asked, 400 past the last', async () => {
    const first = await fleet(1, yardToken);
    expect(first.equipment).toHaveLength(100);
    expect(first.nextUrl).toBe(`${fixture.server.url}/v1/iso/Fleet/2`);
    const second = await fleet(2, yardToken, 'json');
    expect(second.equipment).toHaveLength(PAGING_MACHINES - 100);
    expect(second.nextUrl).toBeNull();
    const all = [...first.equipment, ...second.equipment];
    expect(new Set(all.map((e) => e.header.equipmentId)).size).toBe(PAGING_MACHINES);

    // The machine with readings: its meter, position and engine, each with its own time.
    const mine = all.find((e) => e.header.equipmentId === metered);
    expect(mine?.header).toMatchObject({ oemName: 'JCB', model: '3CX', pin: 'PIN-0001' });
    const fix = mine?.records.find((record) => record.latitude !== null);
    expect([fix?.latitude, fix?.longitude]).toEqual([51.5, -0.12]);
    const counted = mine?.records.find((record) => record.operatingHoursH !== null);
    expect(counted?.operatingHoursH).toBe(1001);
    // Off now, and no reading dated after the snapshot.
    expect(counted?.engineRunning).toBe(false);
    for (const record of mine?.records ?? []) {
      expect(record.deviceTimeMs).toBeLessThanOrEqual(Date.now());
    }

    const past = await read('/v1/iso/Fleet/3', yardToken);
    expect(past.status).toBe(400);
    expect(JSON.parse(past.text)).toMatchObject({ field: 'pageNumber' });
    // A URL once a minute per client: a read again within it waits. The windows start on the
    // minute, so one of two reads close together may be the first of a new window, never both.
    const again = [
      await read('/v1/iso/Fleet/1?fresh=1', yardToken),
      await read('/v1/iso/Fleet/1?fresh=2', yardToken),
    ].find((reply) => reply.status === 429);
    expect(again?.status).toBe(429);
    expect(Number(again?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('serves one machine, and 404 for a machine of another organisation', async () => {
    const one = await read(`/v1/iso/Fleet/Equipment/ID/${metered}`, yardToken, 'application/json');
    expect(one.status, one.text).toBe(200);
    const { Equipment } = JSON.parse(one.text) as {
      Equipment: Record<string, Record<string, unknown>>;
    };
    // The schema's order; each reading with its units.
    expect(Object.keys(Equipment)).toEqual([
      'EquipmentHeader',
      'Location',
      'CumulativeOperatingHours',
      'FuelUsed',
      'Distance',
      'CumulativeIdleHours',
      'EngineStatus',
    ]);
    expect(Equipment.CumulativeOperatingHours).toMatchObject({ Hour: 1001 });
    expect(Equipment.FuelUsed).toMatchObject({ FuelUnits: 'litre', FuelConsumed: 55.5 });
    expect(Equipment.Distance).toMatchObject({ OdometerUnits: 'kilometre', Odometer: 12 });
    expect(Equipment.CumulativeIdleHours).toMatchObject({ Hour: 2 });
    expect(Equipment.EngineStatus?.datetime).toMatch(/Z$/);
    const [theirs] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' LIMIT 1`,
    );
    const other = await read(`/v1/iso/Fleet/Equipment/ID/${theirs?.id ?? ''}`, yardToken);
    expect(other.status).toBe(404);
  });

  it('serves the fuel of the 24 hours to the counter’s last reading, and the tank’s level', async () => {
    await fixture.server.db.query(
      `INSERT INTO source (type, code, machine_id) VALUES ('TELTONIKA', 'ISO-FUEL-1', $1)`,
      [fuelled],
    );
    const nowMs = Date.now();
    const at = (agoMs: number, values: Partial<TelemetryRecord>): TelemetryRecord => ({
      ...emptyRecord('TELTONIKA', 'ISO-FUEL-1', nowMs - agoMs, nowMs),
      ...values,
    });
    const HOUR = 3_600_000;
    // 110 l on the counter just over a day before its last reading (160 l): 50 l in 24 hours.
    await fixture.server.ingest([
      at(30 * HOUR, { fuelUsedL: 100 }),
      at(24 * HOUR + 25 * 60_000, { fuelUsedL: 110, fuelLevelPct: 90 }),
      at(20 * 60_000, { fuelUsedL: 160, fuelLevelPct: 62.5 }),
      // An older record arriving late moves neither reading back.
      at(2 * HOUR, { fuelUsedL: 150, fuelLevelPct: 70 }),
    ]);
    const one = await read(`/v1/iso/Fleet/Equipment/ID/${fuelled}`, yardToken, 'application/json');
    expect(one.status, one.text).toBe(200);
    const { Equipment } = JSON.parse(one.text) as {
      Equipment: Record<string, Record<string, unknown>>;
    };
    const lastAt = new Date(nowMs - 20 * 60_000).toISOString();
    expect(Equipment.FuelUsedLast24).toEqual({
      datetime: lastAt,
      FuelUnits: 'litre',
      FuelConsumed: 50,
    });
    expect(Equipment.FuelRemaining).toEqual({ datetime: lastAt, Percent: 62.5 });
    const keys = Object.keys(Equipment);
    expect(keys.indexOf('FuelUsedLast24')).toBeLessThan(keys.indexOf('FuelRemaining'));
  });

  it('shows a customer’s client only the machines on hire to it now', async () => {
    const made = await call<ApiClientCreated>(
      fixture.server,
      'POST',
      '/v1/organisation/api-clients',
      { body: { name: 'Site system', scopes: ['iso:read'] }, token: fixture.customer },
    );
    expect(made.status).toBe(201);
    const token = await takeToken({ ...CREDENTIALS }, [made.body.clientId, made.body.clientSecret]);
    const hired = await fixture.server.db.query<{ id: string }>(
      `SELECT DISTINCT h.machine_id AS id FROM hire h JOIN organisation c ON c.id = h.customer_organisation_id
        WHERE c.name = 'Harrow Civil Engineering' AND h.starts_at <= now()
          AND coalesce(h.ends_at, 'infinity') > now()`,
    );
    expect(hired.length).toBeGreaterThan(0);
    const page = await fleet(1, token.body.access_token);
    expect(page.equipment.map((e) => e.header.equipmentId).sort()).toEqual(
      hired.map((row) => row.id).sort(),
    );
    const [notHired] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' AND m.id <> ALL($1::uuid[]) LIMIT 1`,
      [hired.map((row) => row.id)],
    );
    const refused = await read(
      `/v1/iso/Fleet/Equipment/ID/${notHired?.id ?? ''}`,
      token.body.access_token,
    );
    expect(refused.status).toBe(404);
  });

  it('serves a machine’s time series by element, window and page, XML and JSON', async () => {
    const db = fixture.server.db;
    const [source] = await db.query<{ id: string }>(
      `SELECT id FROM source WHERE code = 'ISO-TEST-1'`,
    );
    // Positions an hour apart, the last two with a fuel level; two days of rollups; a breakdown.
    await db.query(
      `INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude,
                                     altitude_m, fuel_level_pct)
       VALUES ($1, now() - interval '3 hours', now(), 51.50, -0.12, 12, NULL),
              ($1, now() - interval '2 hours', now(), 51.51, -0.13, 14, 80),
              ($1, now() - interval '1 hour', now(), 51.52, -0.14, NULL, 70)`,
      [source?.id ?? null],
    );
    await db.query(
      `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
         fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
         refill_l, thefts, theft_l, brokendown_s)
       SELECT $1, (now() AT TIME ZONE 'Europe/London')::date - k, 3600, 1800 / (k + 1), 0, 0, 0, 10, false, 25.7,
              2.57, 2025, 'diesel', 4000, 1, 0, 0, 0, 0, 0
         FROM generate_series(0, 1) k`,
      [metered],
    );
    await db.query(
      `INSERT INTO machine_breakdown (machine_id, from_at, to_at, note)
       VALUES ($1, now() - interval '5 hours', now() - interval '4 hours', 'Hydraulic leak')`,
      [metered],
    );
    const start = new Date(Date.now() - 86_400_000 * 2).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const series = async (element: string, page = 1, accept = 'application/json') => {
      const path = `/v1/iso/Fleet/Equipment/ID/${metered}/${element}/${start}/${end}/${page}`;
      return read(path, yardToken, accept);
    };
    const items = async (element: string, item: string) => {
      const reply = await series(element);
      expect(reply.status, reply.text).toBe(200);
      const document = JSON.parse(reply.text) as Record<string, Record<string, unknown>>;
      expect(document[element]?.Links).toContainEqual(expect.objectContaining({ rel: 'self' }));
      return (document[element]?.[item] ?? []) as Record<string, unknown>[];
    };

    const locations = await items('Locations', 'Location');
    expect(locations.map((l) => l.Latitude)).toEqual([51.5, 51.51, 51.52]);
    expect(locations[0]).toMatchObject({ Altitude: 12, AltitudeUnits: 'metre' });
    expect((await items('FuelRemaining', 'FuelRemaining')).map((f) => f.Percent)).toEqual([80, 70]);
    expect((await items('EngineStatus', 'EngineStatus')).map((e) => e.Running)).toEqual([
      true,
      false,
    ]);
    expect(await items('Faults', 'FaultCode')).toEqual([
      expect.objectContaining({ CodeDescription: 'Hydraulic leak', CodeSource: 'portal' }),
    ]);
    // A counter at each day's end, the last at the snapshot's moment and equal to the snapshot.
    // (as XML: the JSON snapshot was read within the minute, so its URL is not served again yet)
    const snapshot = await read(`/v1/iso/Fleet/Equipment/ID/${metered}`, yardToken);
    expect(snapshot.status, snapshot.text).toBe(200);
    const meter = /<CumulativeOperatingHours datetime="[^"]+"><Hour>([\d.]+)<\/Hour>/.exec(
      snapshot.text,
    )?.[1];
    const hours = await items('CumulativeOperatingHours', 'CumulativeOperatingHours');
    expect(hours).toHaveLength(2);
    expect(hours[1]?.Hour).toBe(Number(meter));
    // Today's engine hours (1 h active, 0.5 h idle) lie between yesterday's end and now.
    expect(Number(hours[1]?.Hour) - Number(hours[0]?.Hour)).toBeCloseTo(1.5, 4);
    const idle = await items('CumulativeIdleHours', 'CumulativeIdleHours');
    expect(Number(idle[1]?.Hour) - Number(idle[0]?.Hour)).toBeCloseTo(0.5, 4);
    const fuel = await items('FuelUsed', 'FuelUsed');
    expect(fuel[1]).toMatchObject({ FuelUnits: 'litre', FuelConsumed: 55.5 });
    expect(Number(fuel[1]?.FuelConsumed) - Number(fuel[0]?.FuelConsumed)).toBeCloseTo(10, 2);
    expect((await items('Distance', 'Distance'))[1]).toMatchObject({ Odometer: 12 });

    // XML in the standard's namespace, each reading's datetime an attribute.
    const xml = await series('Locations', 1, 'application/xml');
    expect(xml.text).toContain(`<Locations xmlns="http://standards.iso.org/iso/15143/-3"`);
    expect(xml.text).toMatch(/<Location datetime="[^"]+Z"><Latitude>51.5<\/Latitude>/);

    // Past the last page, an unknown element, a date that is not one, an end before the start.
    const past = await series('Faults', 2);
    expect([past.status, JSON.parse(past.text).field]).toEqual([400, 'pageNumber']);
    expect((await series('Temperatures')).status).toBe(400);
    const base = `/v1/iso/Fleet/Equipment/ID/${metered}/Locations`;
    const badDate = await read(`${base}/yesterday/${end}/1`, yardToken, 'application/json');
    expect([badDate.status, JSON.parse(badDate.text).field]).toEqual([400, 'startDateUTC']);
    const backwards = await read(`${base}/${end}/${start}/1`, yardToken, 'application/json');
    expect([backwards.status, JSON.parse(backwards.text).field]).toEqual([400, 'endDateUTC']);
  });

  it('shows a customer’s client a hired machine’s time series only from its hire’s start', async () => {
    const token = await newClientToken(fixture.server, fixture.customer, {
      name: 'Site series',
      scopes: ['iso:read'],
    });
    const [hire] = await fixture.server.db.query<{ machine_id: string; starts_at: Date }>(
      `SELECT h.machine_id, h.starts_at FROM hire h JOIN organisation c ON c.id = h.customer_organisation_id
        WHERE c.name = 'Harrow Civil Engineering' AND h.starts_at <= now()
          AND coalesce(h.ends_at, 'infinity') > now()
        ORDER BY h.starts_at LIMIT 1`,
    );
    const [source] = await fixture.server.db.query<{ id: string }>(
      'SELECT id FROM source WHERE machine_id = $1 LIMIT 1',
      [hire?.machine_id ?? null],
    );
    const startsMs = hire?.starts_at.getTime() ?? 0;
    // One position before the hire began and one during it.
    await fixture.server.db.query(
      `INSERT INTO telemetry_record (source_id, device_time, received_time, latitude, longitude)
       VALUES ($1, $2, now(), 51.6, -0.2), ($1, $3, now(), 51.61, -0.21)
       ON CONFLICT DO NOTHING`,
      [source?.id ?? null, new Date(startsMs - 60_000), new Date(startsMs + 60_000)],
    );
    const from = new Date(startsMs - 3_600_000).toISOString();
    const to = new Date(startsMs + 120_000).toISOString();
    const reply = await read(
      `/v1/iso/Fleet/Equipment/ID/${hire?.machine_id}/Locations/${from}/${to}/1`,
      token,
      'application/json',
    );
    expect(reply.status, reply.text).toBe(200);
    const { Locations } = JSON.parse(reply.text) as {
      Locations: { Location: { datetime: string }[] };
    };
    expect(Locations.Location.length).toBeGreaterThan(0);
    for (const location of Locations.Location)
      expect(Date.parse(location.datetime)).toBeGreaterThanOrEqual(startsMs);
  });

  it('lets a client with machines:read read the machine list and a machine, and nothing else', async () => {
    const token = await newClientToken(fixture.server, fixture.admin, {
      name: 'BI tool',
      scopes: ['machines:read'],
    });
    const list = await call<{ machines: { id: string }[]; total: number }>(
      fixture.server,
      'GET',
      '/v1/portal/machines/list?start=max&end=max',
      { token },
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    const first = list.body.machines[0]?.id ?? '';
    const one = await call<{ id: string; canEdit: boolean }>(
      fixture.server,
      'GET',
      `/v1/portal/machines/${first}`,
      { token },
    );
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toMatchObject({ id: first, canEdit: false });
    // Its scope only: not the ISO feed, not a write; and an iso:read client not the list.
    expect((await read('/v1/iso/Fleet/1', token)).status).toBe(403);
    const write = await call(fixture.server, 'POST', `/v1/machines/${first}/archive`, { token });
    expect(write.status).toBe(403);
    const isoOnly = await call(fixture.server, 'GET', '/v1/portal/machines/list', {
      token: yardToken,
    });
    expect(isoOnly.status).toBe(403);
  });
});
