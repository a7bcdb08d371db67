// Teltonika devices through real sockets into the real store: handshake, acknowledgement after
// commit, idempotent retransmission, rejected frames, garbage connections and UDP.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import {
  encodeCommandResponse,
  encodeImeiHandshake,
  encodeTcpPacket,
  encodeUdpDatagram,
  type AvlRecordInput,
} from '../../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../../server/telemetry/adapters/teltonika/ioElements.ts';
import { createIngest, storeCommandResponse, type Ingest } from '../../server/telemetry/ingest.ts';
import { startTeltonikaTcp, type Listener } from '../../server/telemetry/listeners/teltonikaTcp.ts';
import { startTeltonikaUdp } from '../../server/telemetry/listeners/teltonikaUdp.ts';
import { testDatabases } from '../support/databases.ts';
import { TrackerSocket } from '../support/trackerSocket.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function records(
  imeiSeed: number,
  count: number,
  fromMs = Date.UTC(2026, 10, 20, 8),
): AvlRecordInput[] {
  return Array.from({ length: count }, (_, i) => ({
    timestampMs: fromMs + i * 30_000,
    latitude: 51.53 + imeiSeed * 1e-3,
    longitude: -0.27,
    satellites: 10,
    speedKmh: 5,
    io: { [IO.ignition]: 1, [IO.engineRpm]: 1200 },
  }));
}

const countRows = async (db: Database, imei: string) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*) AS n FROM telemetry_record r JOIN source s ON s.id = r.source_id WHERE s.code = $1`,
      [imei],
    )
  )[0]?.n;

describe.each(testDatabases)('Teltonika listeners on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;
  let tcp: Listener;
  let udp: Listener;
  let ingest: Ingest;
  // Lets one test hold a batch before its commit, to see that no acknowledgement leaves early.
  let gate: Promise<void> | undefined;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    const realIngest = createIngest(db);
    ingest = async (batch) => {
      if (gate) await gate;
      return realIngest(batch);
    };
    tcp = await startTeltonikaTcp({
      host: '127.0.0.1',
      port: 0,
      ingest: (batch) => ingest(batch),
      storeCommandResponse: (imei, text) => storeCommandResponse(db, 'TELTONIKA', imei, text),
      log: silent,
    });
    udp = await startTeltonikaUdp({
      host: '127.0.0.1',
      port: 0,
      ingest: (batch) => ingest(batch),
      log: silent,
    });
  });
  afterAll(async () => {
    await tcp.close();
    await udp.close();
    await close();
  });

  it('accepts a device, stores its records and acknowledges the count, once only', async () => {
    const imei = '350000000000001';
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    expect((await device.read(1)).toString('hex')).toBe('01');
    const packet = encodeTcpPacket(records(1, 3));
    device.send(packet);
    expect((await device.read(4)).readUInt32BE()).toBe(3);
    expect(await countRows(db, imei)).toBe(3);

    // A retransmission is acknowledged again and stores nothing twice.
    device.send(packet);
    expect((await device.read(4)).readUInt32BE()).toBe(3);
    expect(await countRows(db, imei)).toBe(3);

    const [source] = await db.query<{ machine_id: string | null; last_seen_at: Date }>(
      `SELECT machine_id, last_seen_at FROM source WHERE type = 'TELTONIKA' AND code = $1`,
      [imei],
    );
    expect(source?.machine_id).toBeNull(); // unassigned, kept for onboarding
    expect(source?.last_seen_at.getTime()).toBe(Date.UTC(2026, 10, 20, 8) + 60_000);
    device.socket.destroy();
  });

  it('acknowledges only after the records are committed', async () => {
    const imei = '350000000000002';
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    await device.read(1);
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => (open = resolve));
    const ack = device.read(4);
    let acknowledged = false;
    void ack.then(() => (acknowledged = true));
    device.send(encodeTcpPacket(records(2, 2)));
    // Give the server every chance to answer early: the bytes reach it and are decoded, and it waits.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(acknowledged).toBe(false);
    expect(await countRows(db, imei)).toBe(0);
    gate = undefined;
    open();
    expect((await ack).readUInt32BE()).toBe(2);
    expect(await countRows(db, imei)).toBe(2);
    device.socket.destroy();
  });

  it('does not acknowledge or store a packet with a bad CRC, and takes the next one', async () => {
    const imei = '350000000000003';
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    await device.read(1);
    const broken = encodeTcpPacket(records(3, 5));
    broken[30] = (broken[30] as number) ^ 0x55;
    device.send(broken);
    device.send(encodeTcpPacket(records(3, 2, Date.UTC(2026, 10, 20, 12))));
    // The first acknowledgement is the good packet's.
    expect((await device.read(4)).readUInt32BE()).toBe(2);
    expect(await countRows(db, imei)).toBe(2);
    device.socket.destroy();
  });

  it('closes a connection that sends garbage, without disturbing another', async () => {
    const good = new TrackerSocket(tcp.port);
    good.send(encodeImeiHandshake('350000000000004'));
    await good.read(1);

    const bad = new TrackerSocket(tcp.port);
    bad.send(encodeImeiHandshake('350000000000005'));
    await bad.read(1);
    bad.send(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await bad.closed;

    good.send(encodeTcpPacket(records(4, 4)));
    expect((await good.read(4)).readUInt32BE()).toBe(4);
    good.socket.destroy();
  });

  it('keeps records with impossible times or positions, flagged', async () => {
    const imei = '350000000000006';
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    await device.read(1);
    const now = Date.now();
    device.send(
      encodeTcpPacket([
        { timestampMs: now + 3 * 86_400_000, latitude: 51.5, longitude: -0.1 },
        { timestampMs: Date.UTC(1999, 0, 1), latitude: 51.5, longitude: -0.1 },
        { timestampMs: now - 60_000, latitude: 0, longitude: 0 },
      ]),
    );
    expect((await device.read(4)).readUInt32BE()).toBe(3);
    const rows = await db.query<{
      invalid_reason: string | null;
      position_invalid_reason: string | null;
    }>(
      `SELECT invalid_reason, position_invalid_reason FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE s.code = $1 ORDER BY device_time`,
      [imei],
    );
    expect(rows).toEqual([
      { invalid_reason: 'time-before-2000', position_invalid_reason: null },
      { invalid_reason: null, position_invalid_reason: 'position-zero' },
      { invalid_reason: 'time-in-future', position_invalid_reason: null },
    ]);
    device.socket.destroy();
  });

  it('keeps codec 12 command responses', async () => {
    const imei = '350000000000007';
    const device = new TrackerSocket(tcp.port);
    device.send(encodeImeiHandshake(imei));
    await device.read(1);
    device.send(encodeCommandResponse('Ver:03.29.00'));
    device.send(encodeTcpPacket(records(7, 1)));
    await device.read(4); // frames are handled in order, so the response is stored by now
    const [row] = await db.query<{ response: string }>(
      `SELECT response FROM device_command_response c JOIN source s ON s.id = c.source_id WHERE s.code = $1`,
      [imei],
    );
    expect(row?.response).toBe('Ver:03.29.00');
    device.socket.destroy();
  });

  it('stores UDP datagrams and acknowledges them', async () => {
    const imei = '350000000000008';
    const client = dgram.createSocket('udp4');
    const answer = new Promise<Buffer>((resolve) =>
      client.once('message', (message) => resolve(message)),
    );
    client.send(
      encodeUdpDatagram(imei, records(8, 3), { packetId: 0x1234, avlPacketId: 9 }),
      udp.port,
      '127.0.0.1',
    );
    expect((await answer).toString('hex')).toBe('0005123401' + '09' + '03');
    expect(await countRows(db, imei)).toBe(3);
    client.close();
  });
});
