// Bad input gets a 400 naming the field and changes nothing: NUL bytes, impossible or out-of-bounds
// dates, JSON null where a number belongs, unknown time zones, empty or malformed filter keys,
// large values not echoed back, and oversized headers in the API's error shape.
import net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describeServer('bad input', { users: ['admin'] }, (fixture) => {
  let machineId: string;
  beforeAll(async () => {
    const [machine] = await fixture.server.db.query<{ id: string }>(
      `SELECT m.id FROM machine m JOIN organisation o ON o.id = m.organisation_id
        WHERE o.name = 'Northbank Plant Hire' ORDER BY m.name LIMIT 1`,
    );
    machineId = machine?.id ?? '';
  });

  const get = (path: string) => call(fixture.server, 'GET', path, { token: fixture.admin });
  const send = (method: string, path: string, body: unknown) =>
    call(fixture.server, method, path, { token: fixture.admin, body });

  it('refuses a NUL in a query, a body or a saved filter with 400 naming the field', async () => {
    expect(await get('/v1/portal/machines/list?q=a%00b')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', field: 'q' },
    });
    expect(await get('/v1/portal/machines/list?filter=oem:JC%2500B%00')).toMatchObject({
      status: 400,
      body: { field: 'filter' },
    });
    const site = await send('POST', '/v1/portal/sites', {
      name: 'Yard\u0000 B',
      geofence: { type: 'circle', centre: { latitude: 51.5, longitude: -0.1 }, radiusM: 100 },
    });
    expect(site).toMatchObject({ status: 400, body: { field: 'name' } });
    expect(await send('PUT', `/v1/machines/${machineId}`, { note: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { field: 'note' },
    });
    const saved = await send('POST', '/v1/portal/filters/saved?name=Mine%00&label=machines', {
      filters: 'oem:JCB',
    });
    expect(saved).toMatchObject({ status: 400, body: { field: 'name' } });
    const sites = await get('/v1/portal/sites');
    expect(JSON.stringify(sites.body)).not.toContain('Yard');
  });

  it('refuses a lone surrogate in a query, a body or a file name with 400 naming the field, writing nothing', async () => {
    const audits = async () =>
      (
        await fixture.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event')
      )[0]?.n;
    const auditsBefore = await audits();
    // JSON text, so the escape reaches the server as one lone UTF-16 unit.
    const raw = (method: string, path: string, json: string) =>
      call(fixture.server, method, path, { token: fixture.admin, rawBody: json });
    expect(await raw('PUT', `/v1/machines/${machineId}`, '{"note":"a\\ud800b"}')).toMatchObject({
      status: 400,
      body: { field: 'note' },
    });
    expect(
      await raw(
        'PATCH',
        `/v1/portal/machines/${machineId}/additional-information`,
        '{"registrationNumber":"AB\\udc00"}',
      ),
    ).toMatchObject({ status: 400, body: { field: 'registrationNumber' } });
    expect(await raw('PATCH', '/v1/users/settings', '{"firstName":"\\ud83d"}')).toMatchObject({
      status: 400,
      body: { field: 'firstName', message: expect.stringContaining('not valid Unicode') },
    });
    // A whole pair is a real character and is kept.
    expect(
      (await raw('PUT', `/v1/machines/${machineId}`, '{"note":"\\ud83d\\ude9c"}')).status,
    ).toBe(200);
    expect(await get('/v1/portal/machines/list?q=%ED%A0%80')).toMatchObject({ status: 200 });
    // A multipart name travels as UTF-8, which holds no lone surrogate; a NUL it can hold.
    for (const name of ['a\u0000b.pdf']) {
      const body = new FormData();
      body.append('file', new Blob(['%PDF-1.4']), name);
      const reply = await fetch(`${fixture.server.url}/v1/portal/files?type=other`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.admin}` },
        body,
      });
      expect([reply.status, ((await reply.json()) as { field?: string }).field], name).toEqual([
        400,
        'file',
      ]);
    }
    // Only the accepted note wrote its trail.
    expect(await audits()).toBe((auditsBefore ?? 0) + 1);
  });

  it('refuses impossible and out-of-bounds dates with 400 naming the field, on every date route', async () => {
    for (const bad of [
      '2026-13-45',
      '2026-02-30',
      '9999-12-31',
      '0001-01-01',
      '2026-11-20T25:00:00Z',
    ]) {
      for (const path of [
        `/v1/portal/machines/list?start=${bad}&end=2026-11-20`,
        `/v1/portal/dashboard?start=2026-11-01&end=${bad}`,
        `/v1/portal/maps/heatmap?start=${bad}&end=2026-11-20`,
        `/v1/machines/${machineId}/activity?startDate=${bad}&endDate=2026-11-20`,
        `/v1/portal/machines/${machineId}?start=2026-11-01&end=${bad}`,
        `/v1/portal/machines/${machineId}/activity/summary?start=2026-11-01&end=${bad}`,
        `/v1/portal/filters?start=${bad}&end=2026-11-20`,
      ]) {
        const reply = await get(path);
        expect(reply.status, path).toBe(400);
        expect(reply.body).toMatchObject({ code: 'VALIDATION' });
        expect(String(reply.body.field)).toMatch(/^(start|end|startDate|endDate)$/);
        expect(String(reply.body.message)).toMatch(/2000 to 2100|real/);
      }
    }
    // A real leap day is fine.
    expect((await get('/v1/portal/machines/list?start=2024-02-29&end=2024-03-01')).status).toBe(
      200,
    );
  });

  it('does not turn a JSON null into 0: an hour-meter reading of null is refused', async () => {
    const before = await fixture.server.db.query(
      'SELECT count(*)::int AS n FROM hour_meter_correction WHERE machine_id = $1',
      [machineId],
    );
    const reply = await send('PATCH', `/v1/portal/machines/${machineId}/vhm`, {
      time: '2026-11-20T08:00:00Z',
      value: null,
      timezone: 'Europe/London',
    });
    expect(reply).toMatchObject({ status: 400, body: { field: 'value' } });
    const after = await fixture.server.db.query(
      'SELECT count(*)::int AS n FROM hour_meter_correction WHERE machine_id = $1',
      [machineId],
    );
    expect(after).toEqual(before);
    // Nor a string into a number.
    expect(
      (
        await send('PATCH', `/v1/portal/machines/${machineId}/vhm`, {
          time: '2026-11-20T08:00:00Z',
          value: '12',
          timezone: 'Europe/London',
        })
      ).status,
    ).toBe(400);
  });

  it('clears an engine power with null, as documented, instead of storing 0', async () => {
    const path = `/v1/portal/machines/${machineId}/additional-information`;
    expect((await send('PATCH', path, { enginePowerKw: 55 })).status).toBe(200);
    expect((await send('PATCH', path, { enginePowerKw: null })).status).toBe(200);
    const [row] = await fixture.server.db.query<{ info: Record<string, unknown> | null }>(
      'SELECT additional_information AS info FROM machine WHERE id = $1',
      [machineId],
    );
    expect(row?.info?.enginePowerKw ?? null).toBeNull();
  });

  it('refuses an unknown time zone', async () => {
    const reply = await send('POST', `/v1/machines/${machineId}/archive`, {
      timezone: 'Not/AZone',
    });
    expect(reply).toMatchObject({ status: 400, body: { field: 'timezone' } });
    const [row] = await fixture.server.db.query<{ archived_at: Date | null }>(
      'SELECT archived_at FROM machine WHERE id = $1',
      [machineId],
    );
    expect(row?.archived_at).toBeNull();
  });

  it('refuses a filter group without a key, and an id group with something that is no id', async () => {
    for (const filter of ['machine:', 'site:not-a-uuid', 'machine:1234|oem:JCB']) {
      const reply = await get(`/v1/portal/machines/list?filter=${encodeURIComponent(filter)}`);
      expect(reply, filter).toMatchObject({ status: 400, body: { field: 'filter' } });
    }
    expect((await get('/v1/portal/dashboard?site=not-a-uuid')).status).toBe(400);
  });

  it("refuses groups and keys named like Object's members (toString, __proto__) with 400", async () => {
    // Found by sweep:deep on 28 November: these reached Object.prototype and the SQL, a 500.
    const filters = [
      'toString:x',
      '__proto__:x',
      'constructor:x',
      'status:toString',
      'batteryStatus:__proto__',
    ];
    for (const path of [
      ...filters.map((filter) => `/v1/portal/machines/list?filter=${encodeURIComponent(filter)}`),
      '/v1/portal/dashboard?status=valueOf',
      '/v1/portal/maps/routes/report?start=2026-11-20&end=2026-11-20&batteryStatus=__proto__',
    ]) {
      expect(await get(path), path).toMatchObject({ status: 400, body: { field: 'filter' } });
    }
  });

  it('does not echo a large offending value back', async () => {
    const huge = 'x'.repeat(12_000);
    const reply = await get(`/v1/portal/machines/list?filter=${huge}`);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body).length).toBeLessThan(1_000);
  });

  it('answers oversized headers in the API error shape', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(fixture.server.url);
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toMatchObject({ statusCode: 431, code: 'HEADERS_TOO_LARGE' });
  });
});
