// Fuzzes the device decoders with random and mutated frames: no crash, and nothing from a bad CRC.
import { describe, expect, it } from 'vitest';
import { TeltonikaDecodeError } from '../../../server/telemetry/adapters/teltonika/avl.ts';
import { crc16Ibm } from '../../../server/telemetry/adapters/teltonika/crc16.ts';
import {
  encodeImeiHandshake,
  encodeTcpPacket,
  encodeUdpDatagram,
  type AvlRecordInput,
} from '../../../server/telemetry/adapters/teltonika/encode.ts';
import { IO } from '../../../server/telemetry/adapters/teltonika/ioElements.ts';
import { TeltonikaTcpFramer } from '../../../server/telemetry/adapters/teltonika/tcpFramer.ts';
import { decodeUdpDatagram } from '../../../server/telemetry/adapters/teltonika/udp.ts';
import { seededRandom } from '../../../server/telemetry/simulator/random.ts';
import { decodeDigitalMatter } from '../../../server/telemetry/adapters/digitalMatter.ts';
import { PayloadDecodeError } from '../../../server/telemetry/adapters/jsonPayload.ts';

const FRAMES = 100_000;
const IMEI = '356307042441013';

function validRecords(rand: () => number): AvlRecordInput[] {
  return Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, i) => ({
    timestampMs: 1_700_000_000_000 + i * 1000,
    latitude: rand() * 180 - 90,
    longitude: rand() * 360 - 180,
    speedKmh: Math.floor(rand() * 80),
    satellites: Math.floor(rand() * 14),
    io: { [IO.ignition]: rand() < 0.5 ? 1 : 0, [IO.engineRpm]: Math.floor(rand() * 2500), 9000: 1 },
  }));
}

/** A valid frame bent out of shape: flipped bytes, a cut, trailing junk or a wrong length. */
function mutate(frame: Buffer, rand: () => number): Buffer {
  const bytes = Buffer.from(frame);
  const kind = Math.floor(rand() * 4);
  if (kind === 0) {
    for (let i = 0; i < 1 + Math.floor(rand() * 4); i++) {
      const at = Math.floor(rand() * bytes.length);
      bytes[at] = Math.floor(rand() * 256);
    }
    return bytes;
  }
  if (kind === 1) return bytes.subarray(0, Math.floor(rand() * bytes.length));
  if (kind === 2)
    return Buffer.concat([
      bytes,
      Buffer.from(
        Array.from({ length: 1 + Math.floor(rand() * 40) }, () => Math.floor(rand() * 256)),
      ),
    ]);
  bytes.writeUInt32BE(Math.floor(rand() * 4096), 4);
  return bytes;
}

function randomBytes(rand: () => number): Buffer {
  return Buffer.from(
    Array.from({ length: Math.floor(rand() * 300) }, () => Math.floor(rand() * 256)),
  );
}

/** True when the bytes start with a whole packet whose CRC matches its data field. */
function startsWithValidPacket(frame: Buffer): boolean {
  if (frame.length < 12 || frame.readUInt32BE(0) !== 0) return false;
  const length = frame.readUInt32BE(4);
  if (frame.length < 12 + length) return false;
  return frame.readUInt32BE(8 + length) === crc16Ibm(frame, 8, 8 + length);
}

// A safety net for a slow machine, not a speed requirement.
describe('decoder fuzzing', { timeout: 120_000 }, () => {
  it(`survives ${FRAMES} random and mutated Teltonika TCP frames, taking records only with a good CRC`, () => {
    const rand = seededRandom(42);
    let recordsTaken = 0;
    for (let i = 0; i < FRAMES; i++) {
      const frame =
        rand() < 0.3
          ? randomBytes(rand)
          : mutate(encodeTcpPacket(validRecords(rand), [0x08, 0x8e, 0x10][i % 3] as 0x08), rand);
      const framer = new TeltonikaTcpFramer();
      const withHandshake =
        i % 10 === 0 ? frame : Buffer.concat([encodeImeiHandshake(IMEI), frame]);
      const cut = Math.floor(rand() * withHandshake.length);
      const events = [
        ...framer.feed(withHandshake.subarray(0, cut)),
        ...framer.feed(withHandshake.subarray(cut)),
      ];
      for (const event of events) {
        if (event.type !== 'records') continue;
        expect(startsWithValidPacket(frame)).toBe(true);
        recordsTaken += event.records.length;
      }
    }
    // Some mutations leave a packet valid (junk after it, a flipped byte in a value); they must decode.
    expect(recordsTaken).toBeGreaterThan(0);
  });

  it(`survives ${FRAMES} random and mutated UDP datagrams with only decode errors`, () => {
    const rand = seededRandom(7);
    for (let i = 0; i < FRAMES; i++) {
      const datagram =
        rand() < 0.3
          ? randomBytes(rand)
          : mutate(
              encodeUdpDatagram(IMEI, validRecords(rand), {
                packetId: i & 0xffff,
                avlPacketId: i & 0xff,
              }),
              rand,
            );
      try {
        decodeUdpDatagram(datagram, 0);
      } catch (error) {
        expect(error).toBeInstanceOf(TeltonikaDecodeError);
      }
    }
  });

  it(`survives ${FRAMES} random and mutated Digital Matter payloads with only decode errors`, () => {
    const rand = seededRandom(11);
    const valid = () => ({
      IMEI: '354000000000123',
      Records: [
        {
          SeqNo: Math.floor(rand() * 1000),
          DateUTC: '2026-11-20 08:00:00',
          Fields: [
            { Lat: 51.5, Long: -0.1, FType: 0 },
            { DIn: 1, FType: 2 },
            { AnalogueData: { '1': 12000 }, FType: 6 },
          ],
        },
      ],
    });
    const junk = [null, 0, -1, 1e308, 'x', '', true, [], {}, [1, 'a'], { FType: 0 }, NaN];
    const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)] as T;
    /** Replaces one value somewhere in the payload with junk. */
    const mutate = (value: unknown): unknown => {
      if (Array.isArray(value))
        return value.length && rand() < 0.7
          ? value.map((v) => (rand() < 0.5 ? mutate(v) : v))
          : pick(junk);
      if (value && typeof value === 'object') {
        const entries = Object.entries(value);
        const [key] = pick(entries) ?? ['extra'];
        return {
          ...value,
          [key]: rand() < 0.6 ? mutate((value as Record<string, unknown>)[key]) : pick(junk),
        };
      }
      return pick(junk);
    };
    for (let i = 0; i < FRAMES; i++) {
      const payload = i % 10 === 0 ? pick(junk) : mutate(valid());
      try {
        decodeDigitalMatter(payload, 0);
      } catch (error) {
        expect(error).toBeInstanceOf(PayloadDecodeError);
      }
    }
  });
});
