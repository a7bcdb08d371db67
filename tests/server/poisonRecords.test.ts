// Poison records over every protocol while healthy devices keep sending: every healthy packet is
// acknowledged and stored, and each poison record is contained (values set aside, or quarantined).
// @clock-relative: reads the clock as a record's arrival time; the records' own times are fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvlRecordInput } from '../../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../../server/telemetry/adapters/teltonika/ioElements.ts';
import { startTeltonikaTcp, type Listener } from '../../server/telemetry/listeners/teltonikaTcp.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { connectDevice } from '../../server/telemetry/simulator/teltonikaClient.ts';
import { testDatabases } from '../support/databases.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const TOKENS = {
  DIGITALMATTER_TOKEN: 'dm-connector-token-0123456789',
  LORAWAN_TTS_TOKEN: 'tts-webhook-token-0123456789',
  LORAWAN_CHIRPSTACK_TOKEN: 'chirpstack-token-0123456789',
};
/** The record of the report: a timestamp of 0x7FFFFFFFFFFFFFFF ms, which no Date can hold. */
const TELTONIKA_POISON = Buffer.from(
  '000000000000002308017fffffffffffffff00fff0bdc01eb246c0000a0000080000000101ef010000000100009432',
  'hex',
);
const HEALTHY_DEVICES = 6;
const PACKETS_PER_DEVICE = 25;
const RECORDS_PER_PACKET = 4;
const POISON_ROUNDS = 6;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const connect = (port: number, imei: string) => connectDevice({ host: '127.0.0.1', port }, imei);

const healthyRecords = (device: number, packet: number): AvlRecordInput[] =>
  Array.from({ length: RECORDS_PER_PACKET }, (_, i) => ({
    timestampMs: Date.UTC(2026, 10, 18, 6) + (packet * RECORDS_PER_PACKET + i) * 30_000,
    latitude: 51.5 + device * 1e-3,
    longitude: -0.2,
    satellites: 9,
    speedKmh: 4,
    io: { [IO.ignition]: 1 },
  }));

describe.each(testDatabases)('poison records on $kind', (database) => {
  let server: TestServer;
  let tcp: Listener;
  let sourceKey: string;

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (reply) => ({
      status: reply.status,
      body: (await reply.json()) as Record<string, unknown>,
    }));
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    server = await startTestServer(database, { env: TOKENS });
    tcp = await startTeltonikaTcp({
      host: '127.0.0.1',
      port: 0,
      ingest: server.ingest,
      storeCommandResponse: async () => undefined,
      log: silent,
    });
    const [source] = await server.db.query<{ id: string }>(
      `INSERT INTO source (type, code) VALUES ('CELLULAR', 'GW-POISON') RETURNING id`,
    );
    const staff = await signIn(server, 'staff@demo.example');
    const issued = await call<{ apiKey: string }>(
      server,
      'POST',
      `/v1/admin/sources/${source?.id}/api-key`,
      { token: staff.token },
    );
    sourceKey = issued.body.apiKey;
  });
  afterAll(async () => {
    await tcp.close();
    await server.close();
  });

  /** One round of every kind of poison; returns the replies to check. */
  async function poisonRound(round: number) {
    const minute = (m: number) => new Date(Date.UTC(2026, 10, 18, 9, round * 10 + m)).toISOString();
    const teltonika = await connect(tcp.port, `35730905000${String(round).padStart(4, '0')}`);
    const teltonikaAck = await teltonika.sendRaw(TELTONIKA_POISON);
    teltonika.close();
    const json = await post(
      '/v1/ingest/records',
      {
        records: [
          { deviceTime: minute(0), ignition: true },
          { deviceTime: minute(1), speedKmh: 1e39, temperatureC: 1e39 },
          { deviceTime: minute(2), ignition: false },
        ],
      },
      { 'x-api-key': sourceKey },
    );
    const dm = await post(
      '/v1/ingest/digitalmatter',
      {
        IMEI: `3540000000${String(round).padStart(5, '0')}`,
        Records: [
          {
            SeqNo: 1,
            DateUTC: minute(3).replace('T', ' ').slice(0, 19),
            Fields: [
              { FType: 0, Lat: 51.5, Long: -0.2, Spd: 1e308, Alt: 1e308, Head: 1e308, PDOP: 1e308 },
            ],
          },
        ],
      },
      bearer(TOKENS.DIGITALMATTER_TOKEN),
    );
    const tts = await post(
      '/v1/ingest/lorawan/tts',
      {
        end_device_ids: {
          device_id: 'poison',
          dev_eui: `70B3D57ED00${String(round).padStart(5, '0')}`,
        },
        received_at: minute(4),
        uplink_message: {
          f_port: 1,
          received_at: minute(4),
          decoded_payload: { temperature: 1e39, activity: 10 },
        },
      },
      bearer(TOKENS.LORAWAN_TTS_TOKEN),
    );
    const chirpstack = await post(
      '/v1/ingest/lorawan/chirpstack?event=up',
      {
        deviceInfo: { devEui: `70B3D57ED10${String(round).padStart(5, '0')}` },
        time: minute(5),
        object: { battery: 1e39, activity: 20 },
      },
      bearer(TOKENS.LORAWAN_CHIRPSTACK_TOKEN),
    );
    // A record no adapter should make (a NUL in its device code) still must not harm its group.
    const broken = emptyRecord(
      'TELTONIKA',
      `35730905\u0000${round}`,
      Date.parse(minute(6)),
      Date.now(),
    );
    const direct = await server.ingest([broken]);
    return { teltonikaAck, json, dm, tts, chirpstack, direct };
  }

  it('acknowledges every healthy packet while poison records arrive on every protocol', async () => {
    const healthy = Array.from({ length: HEALTHY_DEVICES }, async (_, device) => {
      const imei = `35000000010${String(device).padStart(4, '0')}`;
      const connection = await connect(tcp.port, imei);
      const acks: (number | null)[] = [];
      for (let packet = 0; packet < PACKETS_PER_DEVICE; packet++)
        acks.push(await connection.send(healthyRecords(device, packet)));
      connection.close();
      return acks;
    });
    const poison = (async () => {
      const rounds = [];
      for (let round = 0; round < POISON_ROUNDS; round++) rounds.push(await poisonRound(round));
      return rounds;
    })();

    const acks = (await Promise.all(healthy)).flat();
    expect(acks).toEqual(Array(HEALTHY_DEVICES * PACKETS_PER_DEVICE).fill(RECORDS_PER_PACKET));
    const [stored] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.code LIKE '350000000100%'`,
    );
    expect(stored?.n).toBe(HEALTHY_DEVICES * PACKETS_PER_DEVICE * RECORDS_PER_PACKET);

    for (const round of await poison) {
      // The impossible time is kept, flagged, and acknowledged: the device stops resending it.
      expect(round.teltonikaAck).toBe(1);
      expect(round.json).toMatchObject({
        status: 200,
        body: { stored: 3, setAside: [{ index: 1, fields: ['speedKmh', 'temperatureC'] }] },
      });
      expect(round.dm).toMatchObject({
        status: 200,
        body: {
          stored: 1,
          setAside: [{ index: 0, fields: ['altitudeM', 'speedKmh', 'headingDeg', 'hdop'] }],
        },
      });
      expect(round.tts).toMatchObject({
        status: 200,
        body: { stored: 1, setAside: [{ index: 0, fields: ['temperatureC'] }] },
      });
      expect(round.chirpstack).toMatchObject({
        status: 200,
        body: { stored: 1, setAside: [{ index: 0, fields: ['batteryV'] }] },
      });
      expect(round.direct).toMatchObject({ stored: 0, quarantined: 1, refused: [{ index: 0 }] });
    }
    const [flagged] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.code LIKE '35730905000%' AND r.invalid_reason = 'time-in-future'`,
    );
    expect(flagged?.n).toBe(POISON_ROUNDS);
  });

  it('shows staff the quarantined records with their reason', async () => {
    const staff = await signIn(server, 'staff@demo.example');
    const list = await call<{ records: { sourceCode: string; reason: string }[] }>(
      server,
      'GET',
      '/v1/admin/ingest/quarantine?limit=50',
      { token: staff.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.records).toHaveLength(POISON_ROUNDS);
    expect(list.body.records[0]?.sourceCode).toMatch(/^35730905\d$/);
    expect(list.body.records[0]?.reason).toMatch(/control characters/);
    const admin = await signIn(server);
    expect(
      (await call(server, 'GET', '/v1/admin/ingest/quarantine', { token: admin.token })).status,
    ).toBe(403);
  });

  it('stores a poisoned caller’s sound records when its batch shares a commit with others', async () => {
    const sound = (code: string, minute: number) =>
      emptyRecord('CELLULAR', code, Date.UTC(2026, 10, 18, 12, minute), Date.now());
    const [first, mixed, last] = await Promise.all([
      server.ingest([sound('GW-A', 0), sound('GW-A', 1)]),
      server.ingest([sound('GW-B', 0), sound('GW-\u0000', 1), sound('GW-B', 2)]),
      server.ingest([sound('GW-C', 0)]),
    ]);
    expect(first).toMatchObject({ stored: 2, quarantined: 0 });
    expect(mixed).toMatchObject({ stored: 2, quarantined: 1, refused: [{ index: 1 }] });
    expect(last).toMatchObject({ stored: 1, quarantined: 0 });
  });
});
