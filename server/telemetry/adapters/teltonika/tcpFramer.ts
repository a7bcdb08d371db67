// Splits a Teltonika TCP stream into its IMEI handshake, AVL packets and command responses.
// Bytes may arrive in any chunking; each complete frame becomes one event, in order.
import type { TelemetryRecord } from '../../record.ts';
import { CODEC_12, decodeAvlData, decodeCommandResponse, TeltonikaDecodeError } from './avl.ts';
import { crc16Ibm } from './crc16.ts';

/** Larger data fields are refused: FMB devices send at most about 1.3 KB a packet. */
export const MAX_DATA_FIELD_BYTES = 16_384;
const KEEP_ALIVE = 0xff;
const HEADER_BYTES = 8;
const CRC_BYTES = 4;

export type FramerEvent =
  | { type: 'imei'; imei: string }
  | { type: 'records'; records: TelemetryRecord[] }
  | { type: 'command-response'; text: string }
  /** A frame rejected on its own (bad CRC, undecodable): not acknowledged, the stream goes on. */
  | { type: 'rejected'; reason: string }
  /** The stream cannot be followed any further (bad handshake, garbage, oversized): close it. */
  | { type: 'fatal'; reason: string };

export class TeltonikaTcpFramer {
  private buffer: Buffer = Buffer.alloc(0);
  private imei: string | undefined;
  private failed = false;

  constructor(private readonly now: () => number = Date.now) {}

  get deviceImei(): string | undefined {
    return this.imei;
  }

  feed(chunk: Buffer): FramerEvent[] {
    if (this.failed) return [];
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const events: FramerEvent[] = [];
    for (;;) {
      const event = this.imei === undefined ? this.readHandshake() : this.readPacket();
      if (!event) break;
      events.push(event);
      if (event.type === 'fatal') {
        this.failed = true;
        this.buffer = Buffer.alloc(0);
        break;
      }
    }
    return events;
  }

  private consume(bytes: number): void {
    this.buffer = this.buffer.subarray(bytes);
  }

  private readHandshake(): FramerEvent | undefined {
    if (this.buffer.length < 2) return undefined;
    const length = this.buffer.readUInt16BE(0);
    if (length < 15 || length > 17)
      return { type: 'fatal', reason: `IMEI length ${length} is not 15 to 17` };
    if (this.buffer.length < 2 + length) return undefined;
    const imei = this.buffer.toString('latin1', 2, 2 + length);
    if (!/^\d+$/.test(imei)) return { type: 'fatal', reason: 'IMEI is not all digits' };
    this.consume(2 + length);
    this.imei = imei;
    return { type: 'imei', imei };
  }

  private readPacket(): FramerEvent | undefined {
    while (this.buffer.length > 0 && this.buffer[0] === KEEP_ALIVE) this.consume(1);
    if (this.buffer.length < HEADER_BYTES) return undefined;
    if (this.buffer.readUInt32BE(0) !== 0)
      return { type: 'fatal', reason: 'packet preamble is not zero' };
    const length = this.buffer.readUInt32BE(4);
    if (length < 3 || length > MAX_DATA_FIELD_BYTES) {
      return { type: 'fatal', reason: `data field of ${length} bytes refused` };
    }
    const total = HEADER_BYTES + length + CRC_BYTES;
    if (this.buffer.length < total) return undefined;
    const frame = this.buffer.subarray(0, total);
    this.consume(total);

    const start = HEADER_BYTES;
    const end = HEADER_BYTES + length;
    const crc = frame.readUInt32BE(end);
    if (crc > 0xffff || crc !== crc16Ibm(frame, start, end))
      return { type: 'rejected', reason: 'CRC mismatch' };
    try {
      if (frame[start] === CODEC_12)
        return { type: 'command-response', text: decodeCommandResponse(frame, start, end) };
      return {
        type: 'records',
        records: decodeAvlData(frame, start, end, this.imei ?? '', this.now()),
      };
    } catch (error) {
      if (error instanceof TeltonikaDecodeError) return { type: 'rejected', reason: error.message };
      throw error;
    }
  }
}

/** The server's answer to a handshake: 1 accepts the device. */
export const HANDSHAKE_ACCEPT = Buffer.from([0x01]);

/** The acknowledgement of a packet: the number of records taken, as 4 bytes. */
export function recordCountAck(count: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(count);
  return ack;
}
