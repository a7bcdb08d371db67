// Decodes Teltonika AVL data (codecs 8, 8 Extended and 16) and codec 12 command responses.
// Every read is bounds-checked: a malformed frame throws TeltonikaDecodeError, never reads past its end.
import { emptyRecord, type TelemetryRecord } from '../../record.ts';
import { applyIoElement, driverKeyOf, IO } from './ioElements.ts';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_16 = 0x10;
export const CODEC_12 = 0x0c;
export const SOURCE_TYPE = 'TELTONIKA';

export class TeltonikaDecodeError extends Error {}

const TWO_TO_32 = 4_294_967_296;
const GPS_ELEMENT_BYTES = 15;
const MAX_SAFE_HIGH_WORD = 0x1fffff;
const VALUE_SIZES = [1, 2, 4, 8] as const;

interface Cursor {
  p: number;
}

function need(cursor: Cursor, bytes: number, end: number): void {
  if (cursor.p + bytes > end)
    throw new TeltonikaDecodeError(`record truncated at byte ${cursor.p}`);
}

/** One IO value of 1, 2, 4 or 8 bytes; an 8-byte value beyond 2^53 is kept as hex. */
function readValue(buf: Buffer, p: number, size: number): number | string {
  switch (size) {
    case 1:
      return buf[p] as number;
    case 2:
      return buf.readUInt16BE(p);
    case 4:
      return buf.readUInt32BE(p);
    default: {
      const high = buf.readUInt32BE(p);
      const low = buf.readUInt32BE(p + 4);
      return high <= MAX_SAFE_HIGH_WORD ? high * TWO_TO_32 + low : buf.toString('hex', p, p + 8);
    }
  }
}

function setIo(record: TelemetryRecord, id: number, value: number | string): void {
  record.ioIds.push(id);
  record.ioValues.push(value);
  if (id === IO.iButton || id === IO.rfid) record.driverKey = driverKeyOf(value);
  else if (typeof value === 'number') applyIoElement(record, id, value);
}

/** IO groups of fixed-size values: `countBytes`/`idBytes` are 1 (codec 8), or 2 (8E), or 1 and 2 (16). */
function readFixedGroups(
  buf: Buffer,
  cursor: Cursor,
  end: number,
  record: TelemetryRecord,
  countBytes: 1 | 2,
  idBytes: 1 | 2,
): void {
  for (let group = 0; group < 4; group++) {
    const size = VALUE_SIZES[group] as number;
    need(cursor, countBytes, end);
    const n = countBytes === 1 ? (buf[cursor.p] as number) : buf.readUInt16BE(cursor.p);
    cursor.p += countBytes;
    const entryBytes = idBytes + size;
    need(cursor, n * entryBytes, end);
    for (let i = 0; i < n; i++) {
      const id = idBytes === 1 ? (buf[cursor.p] as number) : buf.readUInt16BE(cursor.p);
      setIo(record, id, readValue(buf, cursor.p + idBytes, size));
      cursor.p += entryBytes;
    }
  }
}

function readRecord(
  buf: Buffer,
  cursor: Cursor,
  end: number,
  codec: number,
  imei: string,
  receivedMs: number,
) {
  need(cursor, 8 + 1 + GPS_ELEMENT_BYTES, end);
  const p = cursor.p;
  const timestampMs = buf.readUInt32BE(p) * TWO_TO_32 + buf.readUInt32BE(p + 4);
  const record = emptyRecord(SOURCE_TYPE, imei, timestampMs, receivedMs);
  record.longitude = buf.readInt32BE(p + 9) / 1e7;
  record.latitude = buf.readInt32BE(p + 13) / 1e7;
  record.altitudeM = buf.readInt16BE(p + 17);
  record.headingDeg = buf.readUInt16BE(p + 19);
  record.satellites = buf[p + 21] as number;
  record.speedKmh = buf.readUInt16BE(p + 22);
  cursor.p = p + 24;

  if (codec === CODEC_8) {
    need(cursor, 2, end); // event IO id, total IO count
    cursor.p += 2;
    readFixedGroups(buf, cursor, end, record, 1, 1);
  } else if (codec === CODEC_16) {
    need(cursor, 4, end); // event IO id (2), generation type, total IO count
    cursor.p += 4;
    readFixedGroups(buf, cursor, end, record, 1, 2);
  } else {
    need(cursor, 4, end); // event IO id (2), total IO count (2)
    cursor.p += 4;
    readFixedGroups(buf, cursor, end, record, 2, 2);
    need(cursor, 2, end);
    const variable = buf.readUInt16BE(cursor.p);
    cursor.p += 2;
    for (let i = 0; i < variable; i++) {
      need(cursor, 4, end);
      const id = buf.readUInt16BE(cursor.p);
      const length = buf.readUInt16BE(cursor.p + 2);
      cursor.p += 4;
      need(cursor, length, end);
      record.ioIds.push(id);
      record.ioValues.push(buf.toString('hex', cursor.p, cursor.p + length));
      cursor.p += length;
    }
  }
  return record;
}

/**
 * Decodes the data field of an AVL packet: codec id, number of data, records, number of data again,
 * found at buf[start, end). Returns the records in the order sent.
 */
export function decodeAvlData(
  buf: Buffer,
  start: number,
  end: number,
  imei: string,
  receivedMs: number,
): TelemetryRecord[] {
  if (end - start < 3) throw new TeltonikaDecodeError('data field too short');
  const codec = buf[start] as number;
  if (codec !== CODEC_8 && codec !== CODEC_8_EXTENDED && codec !== CODEC_16) {
    throw new TeltonikaDecodeError(`unsupported codec 0x${codec.toString(16)}`);
  }
  const count = buf[start + 1] as number;
  if (buf[end - 1] !== count) throw new TeltonikaDecodeError('the two record counts differ');
  const cursor = { p: start + 2 };
  const records: TelemetryRecord[] = new Array(count);
  for (let i = 0; i < count; i++)
    records[i] = readRecord(buf, cursor, end - 1, codec, imei, receivedMs);
  if (cursor.p !== end - 1) throw new TeltonikaDecodeError('bytes left over after the last record');
  return records;
}

/** Decodes a codec 12 data field (a command response): its text. */
export function decodeCommandResponse(buf: Buffer, start: number, end: number): string {
  if (end - start < 8 || buf[start] !== CODEC_12)
    throw new TeltonikaDecodeError('not a codec 12 message');
  const size = buf.readUInt32BE(start + 3);
  if (start + 7 + size + 1 !== end) throw new TeltonikaDecodeError('codec 12 size does not match');
  return buf.toString('latin1', start + 7, start + 7 + size);
}
