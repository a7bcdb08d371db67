// Devices end to end through HTTP: gateways learned from The Things Stack and ChirpStack reception
// metadata, registered and configured by staff, seen by their organisation with their traffic;
// sensors with battery and signal health, the device health dashboard, and the machine list's
// battery and signal filters.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { beforeAll, expect, it } from 'vitest';
import type { GatewayRecord, GatewayTrafficReply } from '../../src/domain/api/gateways.ts';
import type { SensorDashboardReply, SensorRecord } from '../../src/domain/api/sensors.ts';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const TTS_TOKEN = 'tts-webhook-token-0123456789';
const CHIRPSTACK_TOKEN = 'chirpstack-token-0123456789';
const GATEWAY_A = 'B827EBFFFE61A5D2';
const GATEWAY_B = '0016C001F153A14C';

/** Activity-sensor payload: version 1, level 60, the battery in mV, 15 °C. */
const payload = (batteryMv: number) => {
  const bytes = Buffer.from([1, 60, 0, 0, 0x05, 0xdc]);
  bytes.writeUInt16BE(batteryMv, 2);
  return bytes.toString('base64');
};

/** Minutes ago, so the gateway is online whatever the day the test runs. */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const ttsUplink = (devEui: string, time: string, batteryMv: number, rssi: number, snr: number) => ({
  end_device_ids: { device_id: `sensor-${devEui}`, dev_eui: devEui },
  received_at: time,
  uplink_message: {
    f_port: 1,
    frm_payload: payload(batteryMv),
    received_at: time,
    rx_metadata: [
      {
        gateway_ids: { gateway_id: 'depot-roof', eui: GATEWAY_A.toLowerCase() },
        rssi,
        channel_rssi: rssi,
        snr,
        location: { latitude: 51.5072, longitude: -0.1276, source: 'SOURCE_REGISTRY' },
      },
      // Forwarded by Packet Broker from another network: no EUI, so not a gateway of ours.
      { gateway_ids: { gateway_id: 'packetbroker' }, rssi: -100, snr: 2 },
    ],
  },
});

const chirpstackUp = (devEui: string, time: string, rssi: number, snr: number) => ({
  time,
  deviceInfo: { devEui: devEui.toLowerCase() },
  fPort: 1,
  data: payload(3600),
  rxInfo: [
    { gatewayId: GATEWAY_B.toLowerCase(), rssi, snr, location: { latitude: 51.4, longitude: 0.2 } },
  ],
});

describeServer(
  'devices',
  { env: { LORAWAN_TTS_TOKEN: TTS_TOKEN, LORAWAN_CHIRPSTACK_TOKEN: CHIRPSTACK_TOKEN } },
  (fixture) => {
    const tokens = { admin: '', viewer: '', staff: '' };
    let northbank: string;
    let sensorCode: string;
    let machineId: string;
    const post = (path: string, token: string, body: unknown) =>
      fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const filterOf = (filter: Record<string, unknown>) =>
      `filter=${encodeURIComponent(JSON.stringify(filter))}`;

    beforeAll(async () => {
      tokens.admin = (await signIn(fixture.server)).token;
      tokens.viewer = (await signIn(fixture.server, 'viewer@demo.example')).token;
      tokens.staff = (await signIn(fixture.server, 'staff@demo.example')).token;
      const [row] = await fixture.server.db.query<{ org: string; code: string; machine: string }>(
        `SELECT m.organisation_id AS org, s.code, m.id AS machine FROM source s JOIN machine m ON m.id = s.machine_id
        JOIN organisation o ON o.id = m.organisation_id
        WHERE s.type = 'LORA' AND o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL
        ORDER BY s.code LIMIT 1`,
      );
      northbank = row?.org ?? '';
      sensorCode = row?.code ?? '';
      machineId = row?.machine ?? '';
    });

    it('learns gateways from the receptions of both network servers, once per uplink', async () => {
      const first = ttsUplink(sensorCode, minutesAgo(20), 3600, -80, 9.5);
      expect((await post('/v1/ingest/lorawan/tts', TTS_TOKEN, first)).status).toBe(200);
      // The network server sends the same uplink again: nothing is counted twice.
      expect((await post('/v1/ingest/lorawan/tts', TTS_TOKEN, first)).status).toBe(200);
      // The sensor's battery is low now, and it is heard badly.
      const low = ttsUplink(sensorCode, minutesAgo(10), 3200, -118, -12.5);
      expect((await post('/v1/ingest/lorawan/tts', TTS_TOKEN, low)).status).toBe(200);
      const up = chirpstackUp('70B3D5E75E999999', minutesAgo(5), -70, 8);
      expect(
        (await post('/v1/ingest/lorawan/chirpstack?event=up', CHIRPSTACK_TOKEN, up)).status,
      ).toBe(200);

      const seen = await call<GatewayRecord[]>(
        fixture.server,
        'GET',
        `/v1/admin/gateways?${filterOf({ registered: false })}&sort=${encodeURIComponent('["eui","ASC"]')}`,
        { token: tokens.staff },
      );
      expect(seen.status).toBe(200);
      expect(seen.headers.get('content-range')).toBe('gateways 0-1/2');
      expect(seen.body.map((g) => [g.eui, g.networkId, g.organisationId, g.status])).toEqual([
        ['00:16:C0:01:F1:53:A1:4C', null, null, 'online'],
        ['B8:27:EB:FF:FE:61:A5:D2', 'depot-roof', null, 'online'],
      ]);
      expect(seen.body[1]).toMatchObject({ latitude: 51.5072, sensors24h: 1, uplinks24h: 2 });
      const receptions = await fixture.server.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM gateway_reception',
      );
      expect(receptions[0]?.n).toBe(3);
    });

    it('lets only staff list every gateway and register one', async () => {
      expect(
        (await call(fixture.server, 'GET', '/v1/admin/gateways', { token: tokens.admin })).status,
      ).toBe(403);
      const register = (body: unknown, token = tokens.staff) =>
        call<GatewayRecord & { field?: string }>(fixture.server, 'POST', '/v1/admin/gateways', {
          token,
          body,
        });
      expect(
        (await register({ eui: GATEWAY_A, organisationId: northbank }, tokens.admin)).status,
      ).toBe(403);
      expect(
        await register({ eui: 'b8-27-eb-ff-fe-61-a5', organisationId: northbank }),
      ).toMatchObject({ status: 400, body: { field: 'eui' } });
      const made = await register({
        eui: 'b8-27-eb-ff-fe-61-a5-d2',
        organisationId: northbank,
        model: 'Kerlink iStation',
        name: 'Park Royal roof',
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        eui: 'B8:27:EB:FF:FE:61:A5:D2',
        organisationId: northbank,
        name: 'Park Royal roof',
        status: 'online',
      });
      expect((await register({ eui: GATEWAY_A, organisationId: northbank })).status).toBe(409);
      // One registered ahead of its first uplink has never been heard.
      const fresh = await register({ eui: 'AA:BB:CC:DD:EE:FF:00:11', organisationId: northbank });
      expect(fresh.body.status).toBe('never');
    });

    it("shows an organisation its own gateways and what they heard, and no one else's", async () => {
      const list = await call<GatewayRecord[]>(fixture.server, 'GET', '/v1/portal/gateways', {
        token: tokens.admin,
      });
      const euis = list.body.map((g) => g.eui);
      // Its own, the demo's three among them; the ChirpStack one nobody registered is not.
      expect(euis).toEqual(
        expect.arrayContaining(['AA:BB:CC:DD:EE:FF:00:11', 'B8:27:EB:FF:FE:61:A5:D2']),
      );
      expect(euis).toHaveLength(5);
      expect(euis).not.toContain('00:16:C0:01:F1:53:A1:4C');
      const gateway = list.body.find((g) => g.name === 'Park Royal roof') as GatewayRecord;
      const traffic = await call<GatewayTrafficReply>(
        fixture.server,
        'GET',
        `/v1/portal/gateways/${gateway.id}/traffic`,
        { token: tokens.viewer },
      );
      expect(traffic.status).toBe(200);
      expect(traffic.body.sensors).toEqual([
        expect.objectContaining({
          code: sensorCode,
          machineId,
          uplinks: 2,
          rssiAvgDbm: -99,
          rssiBestDbm: -80,
          snrAvgDb: -1.5,
        }),
      ]);
      expect(traffic.body.uplinksPerHour.reduce((sum, h) => sum + h.uplinks, 0)).toBe(2);

      // The unregistered ChirpStack gateway is staff's only.
      const [other] = await fixture.server.db.query<{ id: string }>(
        'SELECT id FROM gateway WHERE eui = $1',
        [GATEWAY_B],
      );
      expect(
        (
          await call(fixture.server, 'GET', `/v1/portal/gateways/${other?.id}`, {
            token: tokens.admin,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(fixture.server, 'GET', `/v1/admin/gateways/${other?.id}`, {
            token: tokens.staff,
          })
        ).status,
      ).toBe(200);
    });

    it('lets admins name and site a gateway, staff configure it, and refuses bad input', async () => {
      const [gateway] = await fixture.server.db.query<{ id: string }>(
        'SELECT id FROM gateway WHERE eui = $1',
        [GATEWAY_A],
      );
      const path = `/v1/portal/gateways/${gateway?.id}`;
      const [site] = await fixture.server.db.query<{ id: string }>(
        'SELECT id FROM site WHERE organisation_id = $1 ORDER BY name LIMIT 1',
        [northbank],
      );
      const [foreignSite] = await fixture.server.db.query<{ id: string }>(
        'SELECT id FROM site WHERE organisation_id <> $1 LIMIT 1',
        [northbank],
      );
      expect(
        (await call(fixture.server, 'PUT', path, { token: tokens.viewer, body: { name: 'Mine' } }))
          .status,
      ).toBe(403);
      expect(
        await call(fixture.server, 'PUT', path, {
          token: tokens.admin,
          body: { siteId: foreignSite?.id },
        }),
      ).toMatchObject({ status: 400, body: { field: 'siteId' } });
      expect(
        await call(fixture.server, 'PUT', path, { token: tokens.admin, body: { latitude: 91 } }),
      ).toMatchObject({ status: 400, body: { field: 'latitude' } });
      const edited = await call<GatewayRecord>(fixture.server, 'PUT', path, {
        token: tokens.admin,
        body: { name: 'Depot mast', siteId: site?.id },
      });
      expect(edited.body).toMatchObject({ name: 'Depot mast', siteId: site?.id });

      const configure = `/v1/admin/gateways/${gateway?.id}/configuration`;
      expect(
        (
          await call(fixture.server, 'PUT', configure, {
            token: tokens.admin,
            body: { offlineAfterS: 60 },
          })
        ).status,
      ).toBe(403);
      // Its last uplink was ten minutes ago: with a one-minute threshold it is offline.
      const configured = await call<GatewayRecord>(fixture.server, 'PUT', configure, {
        token: tokens.staff,
        body: { offlineAfterS: 60, networkServerUrl: 'https://eu1.cloud.thethings.network' },
      });
      expect(configured.body).toMatchObject({ status: 'offline', offlineAfterS: 60 });
      const offline = await call<GatewayRecord[]>(
        fixture.server,
        'GET',
        `/v1/portal/gateways?${filterOf({ status: 'offline' })}`,
        { token: tokens.admin },
      );
      expect(offline.body.map((g) => g.name)).toEqual(['Depot mast']);
      expect(
        await call(fixture.server, 'GET', `/v1/portal/gateways?${filterOf({ status: 'asleep' })}`, {
          token: tokens.admin,
        }),
      ).toMatchObject({ status: 400, body: { field: 'filter.status' } });
      const audit = await fixture.server.db.query<{ action: string }>(
        `SELECT action FROM audit_event WHERE action LIKE 'gateway.%' ORDER BY at`,
      );
      expect(audit.map((row) => row.action)).toEqual([
        'gateway.registered',
        'gateway.registered',
        'gateway.edited',
        'gateway.configured',
      ]);
    });

    it("lists sensors with their battery and signal by the device's own thresholds", async () => {
      const low = await call<SensorRecord[]>(
        fixture.server,
        'GET',
        `/v1/portal/sensors?${filterOf({ batteryStatus: 'low' })}`,
        { token: tokens.viewer },
      );
      expect(low.status).toBe(200);
      expect(low.body).toEqual([
        expect.objectContaining({
          code: sensorCode,
          type: 'LORA',
          machineId,
          batteryV: 3.2,
          batteryStatus: 'low',
          rssiDbm: -118,
          snrDb: -12.5,
          signalBars: 0,
          signalStatus: 'weak',
          status: 'reporting',
        }),
      ]);
      const dashboard = await call<SensorDashboardReply>(
        fixture.server,
        'GET',
        '/v1/portal/sensors/dashboard',
        {
          token: tokens.viewer,
        },
      );
      expect(dashboard.body.counts.lowBattery).toBe(1);
      expect(dashboard.body.counts.weakSignal).toBe(1);
      expect(dashboard.body.worst.find((w) => w.sensor.code === sensorCode)?.problems).toEqual([
        'lowBattery',
        'weakSignal',
      ]);
      const today = dashboard.body.trend.at(-1);
      expect(today).toMatchObject({ lowBattery: 1 });
      // Another organisation's sensor is not found.
      const [foreign] = await fixture.server.db.query<{ id: string }>(
        `SELECT s.id FROM source s JOIN machine m ON m.id = s.machine_id WHERE m.organisation_id <> $1 LIMIT 1`,
        [northbank],
      );
      expect(
        (
          await call(fixture.server, 'GET', `/v1/portal/sensors/${foreign?.id}`, {
            token: tokens.admin,
          })
        ).status,
      ).toBe(404);
    });

    it('filters the machine list by battery status, signal status and signal value', async () => {
      const machines = async (filter: string) => {
        const reply = await call<{ machines: { id: string }[] }>(
          fixture.server,
          'GET',
          `/v1/portal/machines/list?start=max&end=max&filter=${encodeURIComponent(filter)}`,
          { token: tokens.admin },
        );
        expect(reply.status).toBe(200);
        return reply.body.machines.map((m) => m.id);
      };
      expect(await machines('batteryStatus:low')).toEqual([machineId]);
      expect(await machines('signalStatus:weak')).toEqual([machineId]);
      expect(await machines('signalValue:0')).toEqual([machineId]);
      expect(await machines('batteryStatus:critical')).toEqual([]);
      expect((await machines('batteryStatus:unknown')).includes(machineId)).toBe(false);
      const bad = await call(
        fixture.server,
        'GET',
        `/v1/portal/machines/list?filter=signalValue:9`,
        {
          token: tokens.admin,
        },
      );
      expect(bad).toMatchObject({ status: 400, body: { field: 'filter' } });
    });

    it("leads a device's QR label to its machine or to onboarding, and prints labels for staff", async () => {
      const qr = (code: string, token: string, claim?: string) =>
        call<{ target: string; machineId: string | null; organisationName: string | null }>(
          fixture.server,
          'GET',
          `/v1/portal/qr/${encodeURIComponent(code)}${claim ? `?claim=${claim}` : ''}`,
          { token },
        );
      expect((await qr(sensorCode, tokens.viewer)).body).toMatchObject({
        target: 'machine',
        machineId,
      });
      // A device in stock: onboarding, for whoever holds its label (the claim code on it).
      expect((await qr('357309059990001', tokens.admin, 'demo1-track')).body.target).toBe(
        'onboard',
      );
      expect((await qr('357309059990001', tokens.admin)).status).toBe(404);
      expect((await qr('357309059990001', tokens.staff)).body.target).toBe('onboard');
      // Another organisation's device: nothing for its admin, where it is for staff.
      const [foreign] = await fixture.server.db.query<{ code: string }>(
        `SELECT s.code FROM source s JOIN machine m ON m.id = s.machine_id WHERE m.organisation_id <> $1 LIMIT 1`,
        [northbank],
      );
      expect((await qr(foreign?.code ?? '', tokens.admin)).status).toBe(404);
      expect((await qr(foreign?.code ?? '', tokens.staff)).body).toMatchObject({
        target: 'elsewhere',
        organisationName: expect.any(String),
      });

      const labels = (codes: string[], token = tokens.staff) =>
        fetch(`${fixture.server.url}/v1/admin/sensors/labels`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ codes }),
        });
      const sheet = await labels(['357309059990001', '70B3D5E75E900001']);
      expect(sheet.status).toBe(200);
      expect(sheet.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await sheet.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await labels(['357309059990001'], tokens.admin)).status).toBe(403);
      const unknown = await labels(['357309059990001', 'NO-SUCH-DEVICE']);
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { field: string }).field).toBe('codes.1');
    });
  },
);
