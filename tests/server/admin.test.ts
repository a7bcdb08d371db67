// The staff admin area on the server: every call refused to non-staff; device records shown exactly
// as stored; frame-counter gaps counted on a fixture; the JSON ingest's requests kept with what was
// refused; a command sent to a connected tracker and its reply; completeness equal to the machine
// list's figure; a recompute of a range that changes only that range; and the audit trail.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminOverviewReply,
  AuditRecord,
  CompletenessReply,
  DeviceCommandReply,
  IngestRequestsReply,
  LoraUplinksReply,
  MachineCompletenessReply,
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeRun,
  TeltonikaRecordsReply,
} from '../../src/domain/api/admin.ts';
import type { MachineListReply } from '../../src/domain/api/machines.ts';
import { addDays, zonedDate } from '../../src/domain/zonedTime.ts';
import {
  encodeCommandResponse,
  encodeImeiHandshake,
  encodeTcpPacket,
} from '../../server/telemetry/adapters/teltonika/encode.ts';
import { storeCommandResponse } from '../../server/telemetry/ingest.ts';
import { DeviceConnections } from '../../server/telemetry/listeners/connections.ts';
import { startTeltonikaTcp, type Listener } from '../../server/telemetry/listeners/teltonikaTcp.ts';
import { testDatabases } from '../support/databases.ts';
import { TrackerSocket } from '../support/trackerSocket.ts';
import { startSmtpServer } from '../support/smtpServer.ts';
import { demoMachines, engineRun, sendRecords } from '../support/fleet.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const TTS_TOKEN = 'admin-tts-token-0123456789';
const HOUR_MS = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases)('the staff admin area on $kind', (database) => {
  let server: TestServer;
  let tcp: Listener;
  let staff: string;
  let admin: string;
  let viewer: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const devices = new DeviceConnections();

  const get = <T>(path: string, token = staff) => call<T>(server, 'GET', path, { token });
  const range = (fromMs: number, toMs: number) =>
    `from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(database, {
      env: { LORAWAN_TTS_TOKEN: TTS_TOKEN, SMTP_URL: smtp.url },
      devices,
    });
    tcp = await startTeltonikaTcp({
      host: '127.0.0.1',
      port: 0,
      ingest: server.ingest,
      storeCommandResponse: (imei, text) =>
        storeCommandResponse(server.db, 'TELTONIKA', imei, text),
      log: silent,
      devices,
    });
    staff = (await signIn(server, 'staff@demo.example')).token;
    admin = (await signIn(server)).token;
    viewer = (await signIn(server, 'viewer@demo.example')).token;
  });

  afterAll(async () => {
    await tcp?.close();
    await server?.close();
    await smtp?.close();
  });

  it('refuses every admin call to anyone but staff', async () => {
    const openapi = await call<{ paths: Record<string, Record<string, unknown>> }>(
      server,
      'GET',
      '/v1/openapi.json',
    );
    // The report categories under admin/ are spec point 7's calls for an organisation's admins.
    const adminPaths = Object.keys(openapi.body.paths).filter(
      (path) => path.startsWith('/v1/admin/') && !path.includes('/reports/categories'),
    );
    expect(adminPaths).toEqual(
      expect.arrayContaining([
        '/v1/admin/overview',
        '/v1/admin/teltonika/records',
        '/v1/admin/arya/uplinks',
        '/v1/admin/android/requests',
        '/v1/admin/datacompleteness',
        '/v1/admin/coverage',
        '/v1/admin/machines/{id}',
        '/v1/admin/audit',
      ]),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    for (const path of adminPaths) {
      for (const method of Object.keys(openapi.body.paths[path] ?? {})) {
        const url = path.replace(/\{[^}]+\}/g, id);
        for (const token of [admin, viewer]) {
          const reply = await call(server, method.toUpperCase(), url, {
            token,
            ...(method === 'get' ? {} : { body: {} }),
          });
          expect(reply.status, `${method} ${url}`).toBe(403);
        }
      }
    }
    expect((await get('/v1/organisation/audit', viewer)).status).toBe(403);
  });

  it('shows a tracker its records exactly as stored, names its IO elements and flags the impossible', async () => {
    const imei = '356307042441999';
    const baseMs = Math.floor(Date.now() / 1000) * 1000 - 2 * HOUR_MS;
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    expect((await device.read(1))[0]).toBe(1);
    device.send(
      encodeTcpPacket([
        {
          timestampMs: baseMs,
          latitude: 51.5,
          longitude: -0.12,
          satellites: 9,
          speedKmh: 12,
          io: { 239: 1, 240: 1, 66: 24_100, 9999: 7 },
        },
        // A fix at 0/0: kept, with the position flagged.
        { timestampMs: baseMs + 60_000, latitude: 0, longitude: 0, satellites: 0, io: { 239: 0 } },
      ]),
    );
    expect((await device.read(4)).readUInt32BE()).toBe(2);

    const records = await get<TeltonikaRecordsReply>(
      `/v1/admin/teltonika/records?deviceIds=${imei},000000000000000&${range(baseMs - HOUR_MS, baseMs + HOUR_MS)}`,
    );
    expect(records.status).toBe(200);
    expect(records.body.total).toBe(2);
    expect(records.body.unknownDevices).toEqual(['000000000000000']);
    const stored = await server.db.query<{ io: Record<string, number> }>(
      `SELECT r.io FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.code = $1 ORDER BY r.device_time`,
      [imei],
    );
    const [first, second] = records.body.records;
    expect(first).toMatchObject({
      deviceId: imei,
      deviceTime: new Date(baseMs).toISOString(),
      latitude: 51.5,
      satellites: 9,
      speedKmh: 12,
      positionInvalidReason: null,
    });
    expect(Object.fromEntries(first?.io.map((io) => [io.id, io.value]) ?? [])).toEqual(
      stored[0]?.io,
    );
    expect(first?.io).toEqual(
      expect.arrayContaining([
        { id: '239', name: 'ignition', value: 1 },
        { id: '66', name: 'externalVoltage', value: 24_100 },
        { id: '9999', name: null, value: 7 },
      ]),
    );
    expect(second?.positionInvalidReason).not.toBeNull();

    // The connection is open, and a command reaches the device and brings its reply back.
    const connections = await get<{ connections: { deviceId: string }[] }>(
      '/v1/admin/teltonika/connections',
    );
    expect(connections.body.connections.map((c) => c.deviceId)).toContain(imei);
    const command = call<DeviceCommandReply>(server, 'POST', '/v1/admin/teltonika/commands', {
      token: staff,
      body: { deviceId: imei, command: 'getver' },
    });
    // Preamble, length, codec 12 header, the text, count and CRC.
    const sent = await device.read(8 + 8 + 'getver'.length + 4);
    expect(sent.toString('latin1')).toContain('getver');
    device.send(encodeCommandResponse('Ver:03.28.07_00 GPS:AXN_5.10'));
    expect((await command).body).toMatchObject({
      deviceId: imei,
      command: 'getver',
      response: 'Ver:03.28.07_00 GPS:AXN_5.10',
    });
    const replies = await get<{ responses: { response: string }[] }>(
      `/v1/admin/teltonika/commands?deviceIds=${imei}&${range(Date.now() - HOUR_MS, Date.now() + 60_000)}`,
    );
    expect(replies.body.responses[0]?.response).toBe('Ver:03.28.07_00 GPS:AXN_5.10');
    device.socket.destroy();

    // Not connected: refused, and said so.
    const offline = await call(server, 'POST', '/v1/admin/teltonika/commands', {
      token: staff,
      body: { deviceId: '356307042449999', command: 'getver' },
    });
    expect(offline).toMatchObject({ status: 409, body: { field: 'deviceId' } });
    // A range too long, or backwards, is a 400 naming `to`.
    for (const bad of [range(baseMs, baseMs + 40 * 24 * HOUR_MS), range(baseMs, baseMs - 1)]) {
      expect(
        (await get<{ field: string }>(`/v1/admin/teltonika/records?deviceIds=${imei}&${bad}`)).body
          .field,
      ).toBe('to');
    }
  });

  it('counts the uplinks a LoRaWAN sensor lost from its frame counter', async () => {
    const devEui = 'A84041000000F00D';
    const baseMs = Math.floor(Date.now() / 1000) * 1000 - 3 * HOUR_MS;
    // Counters 10, 11, 14, 15, 20: 2 lost, then 4.
    const counters = [10, 11, 14, 15, 20];
    for (const [index, fCnt] of counters.entries()) {
      const time = new Date(baseMs + index * 600_000).toISOString();
      const reply = await fetch(`${server.url}/v1/ingest/lorawan/tts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TTS_TOKEN}` },
        body: JSON.stringify({
          end_device_ids: { dev_eui: devEui },
          uplink_message: {
            f_cnt: fCnt,
            frm_payload: Buffer.from([1, 60, 0x0e, 0x10, 0x03, 0xe8]).toString('base64'),
            received_at: time,
            rx_metadata: [
              {
                gateway_ids: { gateway_id: 'yard-gw', eui: 'B827EBFFFE000001' },
                rssi: -97,
                snr: 7.5,
              },
            ],
          },
        }),
      });
      expect(reply.status).toBe(200);
    }
    const uplinks = await get<LoraUplinksReply>(
      `/v1/admin/arya/uplinks?deviceIds=${devEui.toLowerCase()}&${range(baseMs - 1000, baseMs + HOUR_MS)}`,
    );
    expect(uplinks.status).toBe(200);
    expect(uplinks.body.gaps.map((gap) => [gap.afterFCnt, gap.beforeFCnt, gap.lost])).toEqual([
      [11, 14, 2],
      [15, 20, 4],
    ]);
    expect(uplinks.body.devices).toEqual([
      { deviceId: devEui, uplinks: 5, lost: 6, deliveryPct: (5 / 11) * 100 },
    ]);
    expect(uplinks.body.uplinks.map((uplink) => uplink.lostBefore)).toEqual([0, 0, 2, 0, 4]);
    expect(uplinks.body.uplinks[0]).toMatchObject({
      fCnt: 10,
      payloadHex: '013C0E1003E8',
      activityLevel: 60,
      batteryV: 3.6,
      temperatureC: 10,
      receptions: [{ gatewayEui: 'B827EBFFFE000001', gatewayName: null, rssiDbm: -97, snrDb: 7.5 }],
    });

    // Coverage: the gateway heard the sensor five times at -97 dBm; from either side.
    for (const query of [
      `searchType=sensor&sensors=${devEui}`,
      'searchType=gateway&gateways=B827EBFFFE000001',
    ]) {
      const coverage = await get<{ links: { uplinks: number; rssiAvgDbm: number }[] }>(
        `/v1/admin/coverage?${query}&${range(baseMs - HOUR_MS, Date.now() + 60_000)}`,
      );
      expect(coverage.status).toBe(200);
      expect(coverage.body.links).toEqual([
        expect.objectContaining({ uplinks: 5, rssiAvgDbm: -97 }),
      ]);
    }
    const badEui = await get<{ field: string }>(
      `/v1/admin/coverage?searchType=sensor&sensors=nope&${range(baseMs, Date.now())}`,
    );
    expect(badEui).toMatchObject({ status: 400, body: { field: 'sensors' } });
  });

  it('keeps each JSON ingest request as received, with what was refused and why', async () => {
    const { sourceId } = await demoMachines(server);
    const [source] = await server.db.query<{ code: string }>(
      'SELECT code FROM source WHERE id = $1',
      [sourceId],
    );
    const key = await call<{ apiKey: string }>(
      server,
      'POST',
      `/v1/admin/sources/${sourceId}/api-key`,
      {
        token: staff,
      },
    );
    const post = (body: unknown) =>
      fetch(`${server.url}/v1/ingest/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key.body.apiKey },
        body: JSON.stringify(body),
      });
    const startMs = Date.now();
    const good = { deviceTime: new Date(startMs - 60_000).toISOString(), ignition: true };
    expect((await post({ records: [good] })).status).toBe(200);
    expect((await post({ records: [{ ...good, satellites: 'many' }] })).status).toBe(400);
    const requests = await get<IngestRequestsReply>(
      `/v1/admin/android/requests?deviceIds=${source?.code}&${range(startMs - 1000, Date.now() + 1000)}`,
    );
    expect(requests.body.total).toBe(2);
    const [refused, accepted] = requests.body.requests;
    expect(accepted).toMatchObject({
      status: 200,
      stored: 1,
      error: null,
      body: { records: [good] },
    });
    expect(refused).toMatchObject({
      status: 400,
      stored: 0,
      body: { records: [{ satellites: 'many' }] },
    });
    expect(refused?.error).toMatch(/satellites/);
    expect(requests.body.sources).toEqual([
      expect.objectContaining({ sourceId, deviceId: source?.code, hasKey: true }),
    ]);

    // Revoked, the key is refused and the source says it holds none.
    const revoked = await call(server, 'DELETE', `/v1/admin/sources/${sourceId}/api-key`, {
      token: staff,
    });
    expect(revoked.status).toBe(204);
    expect((await post({ records: [good] })).status).toBe(401);
    const after = await get<IngestRequestsReply>(
      `/v1/admin/android/requests?deviceIds=${source?.code}&${range(startMs - 1000, Date.now() + 1000)}`,
    );
    expect(after.body.sources[0]?.hasKey).toBe(false);
  });

  it('measures completeness as the machine list does, per day with the gaps', async () => {
    const { machineId } = await demoMachines(server);
    const zone = 'Europe/London';
    const today = zonedDate(new Date(), zone);
    const from = addDays(today, -2);
    // Two hours of work the day before yesterday, then silence.
    await sendRecords(
      server,
      (await demoMachines(server)).sourceId,
      engineRun(new Date(Date.parse(`${from}T12:00:00Z`)).toISOString(), 120),
    );
    const list = await get<MachineListReply>(
      `/v1/portal/machines/list?start=${from}&end=${today}&perPage=500`,
      admin,
    );
    const listed = list.body.machines.find((row) => row.id === machineId);
    const figure = listed?.activitySummary.missingPercentage.value;
    expect(figure).not.toBeNull();

    const fleet = await get<CompletenessReply>(
      `/v1/admin/datacompleteness?from=${from}&to=${today}&limit=500`,
    );
    expect(fleet.status).toBe(200);
    expect(fleet.body.days).toEqual([from, addDays(from, 1), today]);
    const row = fleet.body.machines.find((machine) => machine.machineId === machineId);
    expect(row?.coveragePct).toBeCloseTo(figure ?? -1, 3);
    // Worst first.
    const shares = fleet.body.machines.map((machine) => machine.coveragePct ?? 101);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));

    const one = await get<MachineCompletenessReply>(
      `/v1/admin/datacompleteness/${machineId}?from=${from}&to=${today}`,
    );
    expect(one.body.coveragePct).toBeCloseTo(figure ?? -1, 3);
    expect(one.body.days[0]?.records).toBeGreaterThanOrEqual(121);
    expect(one.body.days[1]?.coveragePct).toBe(0);
    expect(one.body.days[1]?.gaps.length).toBeGreaterThan(0);
    expect(
      (await get<{ field: string }>(`/v1/admin/datacompleteness?from=${today}&to=${from}`)).body
        .field,
    ).toBe('to');
  });

  it('recomputes a range in the background and changes only that range', async () => {
    const { machineId, sourceId } = await demoMachines(server);
    const today = zonedDate(new Date(), 'Europe/London');
    const days = [addDays(today, -6), addDays(today, -5), addDays(today, -4)];
    const run = (day: string) => engineRun(`${day}T09:00:00Z`, 60);
    for (const day of days) await sendRecords(server, sourceId, run(day));
    const computed = async () =>
      new Map(
        (
          await server.db.query<{ day: string; computed_at: Date }>(
            `SELECT to_char(day, 'YYYY-MM-DD') AS day, computed_at FROM machine_day_rollup
              WHERE machine_id = $1 AND day = ANY($2::date[])`,
            [machineId, days],
          )
        ).map((row) => [row.day, row.computed_at.getTime()]),
      );
    const before = await computed();
    expect(before.size).toBe(3);

    const started = await call<RecomputeRun>(
      server,
      'POST',
      `/v1/admin/machines/${machineId}/recomputes`,
      {
        token: staff,
        body: { fromDay: days[1], toDay: days[1] },
      },
    );
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ daysTotal: 1, fromDay: days[1], toDay: days[1] });
    const again = await call(server, 'POST', `/v1/admin/machines/${machineId}/recomputes`, {
      token: staff,
      body: { fromDay: days[1], toDay: days[1] },
    });
    // One at a time: unless the first one already ended, the second is refused.
    expect([202, 409]).toContain(again.status);
    let recompute = started.body;
    for (let i = 0; i < 100 && ['queued', 'running'].includes(recompute.state); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      recompute = (
        await get<RecomputeRun>(`/v1/admin/machines/${machineId}/recomputes/${recompute.id}`)
      ).body;
    }
    expect(recompute).toMatchObject({ state: 'done', daysDone: 1, changes: [] });
    await server.rollups.drain();
    const after = await computed();
    expect(after.get(days[0] as string)).toBe(before.get(days[0] as string));
    expect(after.get(days[2] as string)).toBe(before.get(days[2] as string));
    expect(after.get(days[1] as string)).toBeGreaterThan(before.get(days[1] as string) ?? Infinity);

    // The day beside its records, segments and rollup; the workings with the run and the sources.
    const day = await get<MachineDayReply>(`/v1/admin/machines/${machineId}/day?day=${days[1]}`);
    expect(day.body.recordsTotal).toBe(run(days[1] as string).length);
    expect(day.body.rollup?.activeH).toBeCloseTo(1, 1);
    expect(day.body.segments.some((segment) => segment.state === 'active')).toBe(true);
    const workings = await get<MachineWorkingsReply>(`/v1/admin/machines/${machineId}`);
    expect(workings.body.recomputes.map((run) => run.id)).toContain(recompute.id);
    expect(workings.body.sources.map((source) => source.sourceId)).toContain(sourceId);
    expect(
      (
        await call(server, 'POST', `/v1/admin/machines/${machineId}/recomputes`, {
          token: staff,
          body: { fromDay: days[1], toDay: days[0] },
        })
      ).body,
    ).toMatchObject({ field: 'toDay' });
  });

  it('keeps every kind of write in the audit trail, for staff and the organisation’s admins', async () => {
    const startedAt = new Date().toISOString();
    const send = (method: string, path: string, body?: unknown) =>
      call<{ id: string }>(server, method, path, { token: admin, body });
    // POST, PUT, PATCH and DELETE: a group made, renamed, a setting changed, the group deleted.
    const group = await send('POST', '/v1/portal/groups', { name: 'Audit group' });
    expect(group.status).toBe(201);
    expect(
      (await send('PUT', `/v1/portal/groups/${group.body.id}`, { name: 'Audited' })).status,
    ).toBe(200);
    expect((await send('PATCH', '/v1/users/settings', { language: 'nl' })).status).toBe(200);
    expect((await send('DELETE', `/v1/portal/groups/${group.body.id}`)).status).toBeLessThan(300);
    // A refused write changed nothing and is not in the trail.
    expect((await send('PUT', `/v1/portal/groups/${group.body.id}`, { name: 'Gone' })).status).toBe(
      404,
    );

    const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
    const mine = await get<AuditRecord[]>(
      `/v1/organisation/audit?filter=${filter({ from: startedAt, action: 'api.write' })}&range=[0,99]`,
      admin,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.map((row) => `${row.method} ${row.path} ${row.status}`).reverse()).toEqual([
      'POST /v1/portal/groups 201',
      'PUT /v1/portal/groups/:id 200',
      'PATCH /v1/users/settings 200',
      expect.stringMatching(/^DELETE \/v1\/portal\/groups\/:id 20\d$/),
    ]);
    const [, renamed] = [...mine.body].reverse();
    expect(renamed).toMatchObject({
      actorEmail: 'admin@demo.example',
      address: '127.0.0.1',
      organisationName: 'Northbank Plant Hire',
      details: { params: { id: group.body.id }, body: { name: 'Audited' } },
    });
    // Searching by words finds what was sent; the machine's writes name it.
    const found = await get<AuditRecord[]>(
      `/v1/organisation/audit?filter=${filter({ q: 'audited' })}`,
      admin,
    );
    expect(found.body.map((row) => row.path)).toEqual(['/v1/portal/groups/:id']);

    // Staff search every organisation's, or one's.
    const all = await get<AuditRecord[]>(
      `/v1/admin/audit?filter=${filter({ q: 'audited', organisationId: renamed?.organisationId })}`,
    );
    expect(all.body.map((row) => row.actorEmail)).toEqual(['admin@demo.example']);
    expect(all.headers.get('content-range')).toMatch(/^audit \d+-\d+\/\d+$/);
    expect(
      (await get<{ field: string }>(`/v1/admin/audit?filter=${filter({ nope: 1 })}`)).body.field,
    ).toBe('filter.nope');
    // An organisation's admins see their own organisation only.
    const harrow = (await signIn(server, 'harrow@demo.example')).token;
    const theirs = await get<AuditRecord[]>(
      `/v1/organisation/audit?filter=${filter({ q: 'audited' })}`,
      harrow,
    );
    expect(theirs.body).toEqual([]);
  });

  it('refuses a write whose audit row cannot be written, changing nothing', async () => {
    // The trail refuses this one group's name, as a full disk or a lost connection would.
    await server.db.query(`
      CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.details::text LIKE '%Unaudited%' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$`);
    await server.db.query(
      'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_event FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
    );
    try {
      const groups = async () =>
        (
          await server.db.query<{ name: string }>(
            "SELECT name FROM machine_group WHERE name LIKE '%audited%' ORDER BY name",
          )
        ).map((row) => row.name);
      const before = await groups();
      const refused = await call(server, 'POST', '/v1/portal/groups', {
        token: admin,
        body: { name: 'Unaudited group' },
      });
      expect(refused.status).toBe(500);
      expect(refused.body).toMatchObject({
        message: expect.stringContaining('nothing was changed'),
      });
      expect(await groups()).toEqual(before);
      // The trail that can be written is: the same write under another name goes through.
      expect(
        (
          await call(server, 'POST', '/v1/portal/groups', {
            token: admin,
            body: { name: 'Reaudited' },
          })
        ).status,
      ).toBe(201);
    } finally {
      await server.db.query('DROP TRIGGER refuse_audit ON audit_event');
      await server.db.query('DROP FUNCTION refuse_audit()');
    }
  });

  it('hides secrets from the trail', async () => {
    const { withoutSecrets } = await import('../../server/modules/audit/requestTrail.ts');
    expect(
      withoutSecrets({ email: 'a@b.c', password: 'x', nested: [{ clientSecret: 'y', name: 'n' }] }),
    ).toEqual({
      email: 'a@b.c',
      password: '[hidden]',
      nested: [{ clientSecret: '[hidden]', name: 'n' }],
    });
  });

  it('gives staff a home with the fleet’s devices, ingest and engine at a glance', async () => {
    const overview = await get<AdminOverviewReply>('/v1/admin/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.organisations.total).toBeGreaterThan(1);
    const teltonika = overview.body.devices.find((row) => row.sourceType === 'TELTONIKA');
    expect(teltonika).toBeDefined();
    expect(overview.body.ingest.hours).toHaveLength(12);
    // The tracker and the LoRaWAN sensor of the tests above came through this server's ingest.
    const lora = overview.body.ingest.bySourceType.find((row) => row.sourceType === 'LORA');
    expect(lora?.records.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(
      (await call(server, 'POST', `/v1/admin/outbox/${UNKNOWN}/retry`, { token: staff })).status,
    ).toBe(404);
  });

  it('sends a failed mail again from the outbox, and refuses one that went', async () => {
    // A mail the mail server refused an hour ago, kept with its error.
    const [row] = await server.db.query<{ id: string }>(
      `INSERT INTO mail_outbox (to_address, subject, body, error, created_at)
       VALUES ('foreman@example.com', 'Morning report', 'The report.', '421 try later', now() - interval '1 hour')
       RETURNING id`,
    );
    const failed = { id: row?.id ?? '' };
    const listed = await get<{ mails: { id: string; error: string }[] }>(
      '/v1/admin/outbox?failed=true',
    );
    expect(listed.body.mails.map((mail) => mail.id)).toContain(failed.id);
    expect(
      (await call(server, 'POST', `/v1/admin/outbox/${failed.id}/retry`, { token: staff })).status,
    ).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await server.db.query<{ sent_at: Date | null }>(
              'SELECT sent_at FROM mail_outbox WHERE id = $1',
              [failed.id],
            )
          )[0]?.sent_at,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    expect(smtp.received.some((mail) => mail.to.join().includes('foreman@example.com'))).toBe(true);
    expect(
      (await call(server, 'POST', `/v1/admin/outbox/${failed.id}/retry`, { token: staff })).status,
    ).toBe(409);
  });
});
