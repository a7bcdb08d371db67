// Teltonika decoding: the protocol document's example packets, round trips, stream framing and UDP.
import { describe, expect, it } from 'vitest';
import { decodeAvlData } from '../../../server/telemetry/adapters/teltonika/avl.ts';
import { crc16Ibm } from '../../../server/telemetry/adapters/teltonika/crc16.ts';
import {
  encodeCommandResponse,
  encodeImeiHandshake,
  encodeTcpPacket,
  encodeUdpDatagram,
  type AvlRecordInput,
} from '../../../server/telemetry/adapters/teltonika/encode.ts';
import { driverKeyOf, IO } from '../../../server/telemetry/adapters/teltonika/ioElements.ts';
import { emptyRecord, rawIo } from '../../../server/telemetry/record.ts';
import {
  TeltonikaTcpFramer,
  recordCountAck,
} from '../../../server/telemetry/adapters/teltonika/tcpFramer.ts';
import { decodeUdpDatagram, udpAck } from '../../../server/telemetry/adapters/teltonika/udp.ts';

const IMEI = '356307042441013';
const hex = (text: string) => Buffer.from(text, 'hex');
const dataField = (packet: Buffer) => [8, 8 + packet.readUInt32BE(4)] as const;

// Example packets of Teltonika's "Codec" documentation page.
const CODEC_8_EXAMPLE =
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const CODEC_8E_EXAMPLE =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
const CODEC_16_EXAMPLE =
  '000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3';

describe('Teltonika AVL decoding', () => {
  it('decodes the codec 8 example, CRC included', () => {
    const packet = hex(CODEC_8_EXAMPLE);
    const [start, end] = dataField(packet);
    expect(crc16Ibm(packet, start, end)).toBe(packet.readUInt32BE(end));
    const [record] = decodeAvlData(packet, start, end, IMEI, 0);
    expect(record?.deviceTimeMs).toBe(Date.UTC(2019, 5, 10, 10, 4, 46));
    expect(record && rawIo(record)).toEqual({ 21: 3, 1: 1, 66: 24079, 241: 24602, 78: 0 });
    expect(record?.digitalInputs).toBe(1);
    expect(record?.externalVoltageV).toBeCloseTo(24.079);
  });

  it('decodes the codec 8 Extended example with 2-byte ids and 8-byte values', () => {
    const packet = hex(CODEC_8E_EXAMPLE);
    const [start, end] = dataField(packet);
    expect(crc16Ibm(packet, start, end)).toBe(packet.readUInt32BE(end));
    const [record] = decodeAvlData(packet, start, end, IMEI, 0);
    expect(record && rawIo(record)).toEqual({
      1: 1,
      17: 29,
      16: 22_949_000,
      11: 893_700_218,
      14: 500_686_954,
    });
    expect(record?.odometerM).toBe(22_949_000);
  });

  it('decodes the codec 16 example with two records', () => {
    const packet = hex(CODEC_16_EXAMPLE);
    const [start, end] = dataField(packet);
    expect(crc16Ibm(packet, start, end)).toBe(packet.readUInt32BE(end));
    const records = decodeAvlData(packet, start, end, IMEI, 0);
    expect(records).toHaveLength(2);
    expect(records[0] && rawIo(records[0])[11]).toBe(39);
    expect(records[1] && rawIo(records[1])[11]).toBe(38);
    expect(records[0] && rawIo(records[0])[66]).toBe(22074);
  });

  const sample: AvlRecordInput = {
    timestampMs: Date.UTC(2026, 2, 29, 0, 30),
    latitude: 51.5290123,
    longitude: -0.2761234,
    altitudeM: 41,
    headingDeg: 270,
    satellites: 11,
    speedKmh: 17,
    io: {
      [IO.ignition]: 1,
      [IO.movement]: 1,
      [IO.engineRpm]: 1450,
      [IO.fuelConsumedCounted]: 123_456,
      [IO.fuelLevelLitres]: 812,
      [IO.fuelRate]: 143,
      [IO.engineWorktimeCounted]: 90_000,
      [IO.hdop]: 9,
      [IO.digitalInput2]: 1,
      [IO.totalOdometer]: 1_234_567,
      [IO.externalVoltage]: 27_400,
    },
  };

  it.each([
    ['8', 0x08],
    ['8 Extended', 0x8e],
    ['16', 0x10],
  ] as const)('round-trips codec %s and maps the FMB io elements', (_name, codec) => {
    const packet = encodeTcpPacket(
      [sample, { ...sample, timestampMs: sample.timestampMs + 10_000 }],
      codec,
    );
    const [start, end] = dataField(packet);
    const [record, second] = decodeAvlData(packet, start, end, IMEI, 5);
    expect(second?.deviceTimeMs).toBe(sample.timestampMs + 10_000);
    expect(record).toMatchObject({
      sourceType: 'TELTONIKA',
      sourceCode: IMEI,
      deviceTimeMs: sample.timestampMs,
      receivedTimeMs: 5,
      latitude: 51.5290123,
      longitude: -0.2761234,
      altitudeM: 41,
      headingDeg: 270,
      satellites: 11,
      speedKmh: 17,
      ignition: true,
      movement: true,
      engineRpm: 1450,
      engineRunning: true,
      fuelUsedL: 12_345.6,
      fuelLevelL: 81.2,
      fuelRateLh: 14.3,
      hourMeterH: 1500,
      hdop: 0.9,
      digitalInputs: 0b10,
      odometerM: 1_234_567,
      externalVoltageV: 27.4,
    });
  });

  it('keeps unknown io ids raw', () => {
    const packet = encodeTcpPacket([{ ...sample, io: { 9999: 42, 250: 7 } }]);
    const [start, end] = dataField(packet);
    expect(
      rawIo(decodeAvlData(packet, start, end, IMEI, 0)[0] ?? emptyRecord('', '', 0, 0)),
    ).toEqual({ 9999: 42, 250: 7 });
  });

  it("reads the operator's iButton key as hex, and no key when it is zero", () => {
    const packet = encodeTcpPacket([
      { ...sample, io: { [IO.iButton]: 0x001b2c3d4e5f6001 } },
      { ...sample, timestampMs: sample.timestampMs + 1000, io: { [IO.iButton]: 0 } },
    ]);
    const [start, end] = dataField(packet);
    const [keyed, keyless] = decodeAvlData(packet, start, end, IMEI, 0);
    expect(keyed?.driverKey).toBe('001B2C3D4E5F6001');
    expect(keyless?.driverKey).toBeNull();
    // The codec 8 example's iButton element is 0: no operator.
    const example = hex(CODEC_8_EXAMPLE);
    const [exampleStart, exampleEnd] = dataField(example);
    expect(decodeAvlData(example, exampleStart, exampleEnd, IMEI, 0)[0]?.driverKey).toBeNull();
    // A key beyond 2^53 arrives as hex and keeps every digit.
    expect(driverKeyOf('f1e2d3c4b5a69788')).toBe('F1E2D3C4B5A69788');
  });
});

describe('Teltonika TCP framing', () => {
  const packet = encodeTcpPacket([sample(), sample(1)]);
  function sample(offset = 0): AvlRecordInput {
    return {
      timestampMs: 1_700_000_000_000 + offset * 1000,
      latitude: 51.5,
      longitude: -0.1,
      io: { [IO.ignition]: 1 },
    };
  }

  it('reads the handshake and packets however the bytes are chunked', () => {
    const stream = Buffer.concat([encodeImeiHandshake(IMEI), packet, Buffer.from([0xff]), packet]);
    const framer = new TeltonikaTcpFramer();
    const events = [...stream].flatMap((byte) => framer.feed(Buffer.from([byte])));
    expect(events.map((e) => e.type)).toEqual(['imei', 'records', 'records']);
    expect(events[0]).toEqual({ type: 'imei', imei: IMEI });
    const records = events[1]?.type === 'records' ? events[1].records : [];
    expect(records.map((r) => r.sourceCode)).toEqual([IMEI, IMEI]);
  });

  it('rejects a packet with a bad CRC and carries on with the next', () => {
    const broken = Buffer.from(packet);
    broken[20] = (broken[20] as number) ^ 0xff;
    const framer = new TeltonikaTcpFramer();
    const events = framer.feed(Buffer.concat([encodeImeiHandshake(IMEI), broken, packet]));
    expect(events.map((e) => e.type)).toEqual(['imei', 'rejected', 'records']);
  });

  it('gives up on garbage, a bad handshake or an oversized frame', () => {
    const garbage = new TeltonikaTcpFramer();
    expect(
      garbage
        .feed(Buffer.concat([encodeImeiHandshake(IMEI), Buffer.from('GET / HTTP/1.1\r\n')]))
        .at(-1)?.type,
    ).toBe('fatal');
    expect(new TeltonikaTcpFramer().feed(Buffer.from('\x00\x0fNOT-AN-IMEI-123')).at(-1)?.type).toBe(
      'fatal',
    );
    const huge = Buffer.alloc(8);
    huge.writeUInt32BE(10_000_000, 4);
    expect(
      new TeltonikaTcpFramer().feed(Buffer.concat([encodeImeiHandshake(IMEI), huge])).at(-1),
    ).toMatchObject({
      type: 'fatal',
      reason: expect.stringContaining('refused'),
    });
  });

  it('decodes codec 12 command responses', () => {
    const framer = new TeltonikaTcpFramer();
    const events = framer.feed(
      Buffer.concat([encodeImeiHandshake(IMEI), encodeCommandResponse('Ver:03.29.00 GPS:1')]),
    );
    expect(events[1]).toEqual({ type: 'command-response', text: 'Ver:03.29.00 GPS:1' });
  });

  it('acknowledges with the record count in 4 bytes', () => {
    expect(recordCountAck(2).toString('hex')).toBe('00000002');
  });
});

describe('Teltonika UDP', () => {
  it('decodes a datagram with its IMEI and answers with the accepted count', () => {
    const datagram = encodeUdpDatagram(
      IMEI,
      [{ timestampMs: 1_700_000_000_000, latitude: 1, longitude: 2 }],
      {
        packetId: 0xcafe,
        avlPacketId: 7,
      },
    );
    const packet = decodeUdpDatagram(datagram, 0);
    expect(packet).toMatchObject({ packetId: 0xcafe, avlPacketId: 7, imei: IMEI });
    expect(packet.records[0]?.latitude).toBe(1);
    expect(udpAck(packet, 1).toString('hex')).toBe('0005cafe010701');
  });

  it('refuses a truncated datagram', () => {
    const datagram = encodeUdpDatagram(IMEI, [{ timestampMs: 1, latitude: 1, longitude: 2 }], {
      packetId: 1,
      avlPacketId: 1,
    });
    expect(() => decodeUdpDatagram(datagram.subarray(0, datagram.length - 3), 0)).toThrow();
  });
});
