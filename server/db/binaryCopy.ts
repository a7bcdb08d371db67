// PostgreSQL's binary COPY format, written from JavaScript values and read back into them: rows
// travel as the bytes of each value, with no text for either side to print or parse. On PGlite
// parsing the text of parameter arrays took 60 % of an ingest's insert (docs/performance.md,
// issue 20).

export type CopyType =
  'uuid' | 'timestamptz' | 'text' | 'json' | 'float8' | 'float4' | 'int2' | 'int4' | 'bool';

/** A column's type and how to read its value from a row; null is SQL NULL. */
export interface CopyColumn<Row> {
  type: CopyType;
  /** `timestamptz` values are milliseconds since 1970. */
  read: (row: Row) => string | number | boolean | null;
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** PostgreSQL's epoch, 2000-01-01, from which its timestamps count microseconds. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const FLOAT4_MAX = 3.4028234663852886e38;

/** A buffer that doubles when it is full. */
class Writer {
  buffer: Buffer<ArrayBuffer>;
  offset = 0;

  constructor(bytes: number) {
    this.buffer = Buffer.allocUnsafe(bytes);
  }

  reserve(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.offset + bytes) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buffer.copy(next, 0, 0, this.offset);
    this.buffer = next;
  }
}

/** Refuses what PostgreSQL's text input would refuse, so a bad value fails here as it did there. */
function outOfRange(type: CopyType, value: number): string | null {
  if (type === 'float8') return null;
  if (type === 'float4')
    return Number.isFinite(value) && Math.abs(value) > FLOAT4_MAX ? 'out of range' : null;
  const [min, max] = type === 'int2' ? [-32_768, 32_767] : [-2_147_483_648, 2_147_483_647];
  return Number.isInteger(value) && value >= min && value <= max ? null : 'not an integer in range';
}

function writeValue(out: Writer, type: CopyType, value: string | number | boolean): void {
  if (type === 'text' || type === 'json') {
    const text = String(value);
    out.reserve(4 + text.length * 3);
    const length = out.buffer.write(text, out.offset + 4, 'utf8');
    out.buffer.writeInt32BE(length, out.offset);
    out.offset += 4 + length;
    return;
  }
  out.reserve(20);
  const { buffer } = out;
  let at = out.offset;
  if (type === 'uuid') {
    const hex = String(value).replaceAll('-', '');
    if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`invalid input syntax for type uuid`);
    buffer.writeInt32BE(16, at);
    buffer.write(hex, at + 4, 16, 'hex');
    out.offset = at + 20;
    return;
  }
  if (type === 'bool') {
    buffer.writeInt32BE(1, at);
    buffer.writeUInt8(value === true ? 1 : 0, at + 4);
    out.offset = at + 5;
    return;
  }
  const number = Number(value);
  if (type === 'timestamptz') {
    buffer.writeInt32BE(8, at);
    buffer.writeBigInt64BE(BigInt(Math.trunc(number) - POSTGRES_EPOCH_MS) * 1000n, at + 4);
    out.offset = at + 12;
    return;
  }
  const refused = outOfRange(type, number);
  if (refused) throw new Error(`value ${number} is ${refused} for type ${type}`);
  const size = type === 'float8' ? 8 : type === 'int2' ? 2 : 4;
  buffer.writeInt32BE(size, at);
  at += 4;
  if (type === 'float8') buffer.writeDoubleBE(number, at);
  else if (type === 'float4') buffer.writeFloatBE(number, at);
  else if (type === 'int2') buffer.writeInt16BE(number, at);
  else buffer.writeInt32BE(number, at);
  out.offset = at + size;
}

/** The rows as one binary COPY stream: header, each row's values in column order, trailer. */
export function encodeBinaryCopy<Row>(
  columns: readonly CopyColumn<Row>[],
  rows: readonly Row[],
): Buffer<ArrayBuffer> {
  // Sized for every value at 8 bytes: growing a megabyte buffer by doubling cost a tenth of the
  // encoding in copies and page faults.
  const out = new Writer(64 + rows.length * (2 + columns.length * 12));
  out.reserve(SIGNATURE.length + 8);
  SIGNATURE.copy(out.buffer, 0);
  out.buffer.writeInt32BE(0, SIGNATURE.length); // flags: no OIDs
  out.buffer.writeInt32BE(0, SIGNATURE.length + 4); // no header extension
  out.offset = SIGNATURE.length + 8;
  for (const row of rows) {
    out.reserve(2);
    out.buffer.writeInt16BE(columns.length, out.offset);
    out.offset += 2;
    for (const column of columns) {
      const value = column.read(row);
      if (value === null) {
        out.reserve(4);
        out.buffer.writeInt32BE(-1, out.offset);
        out.offset += 4;
      } else writeValue(out, column.type, value);
    }
  }
  out.reserve(2);
  out.buffer.writeInt16BE(-1, out.offset);
  out.offset += 2;
  return out.buffer.subarray(0, out.offset);
}

export type CopyValue = string | number | boolean | null;

/** The header before its extension: signature, flags and the extension's length. */
const HEADER_BYTES = SIGNATURE.length + 8;

function readValue(bytes: Buffer, view: DataView, at: number, length: number, type: CopyType) {
  switch (type) {
    case 'float8':
      return view.getFloat64(at);
    case 'float4':
      return view.getFloat32(at);
    case 'int4':
      return view.getInt32(at);
    case 'int2':
      return view.getInt16(at);
    case 'bool':
      return bytes[at] === 1;
    case 'timestamptz':
      // Microseconds since 2000 as two halves: exact to the microsecond, without a BigInt.
      return (view.getInt32(at) * 2 ** 32 + view.getUint32(at + 4)) / 1000 + POSTGRES_EPOCH_MS;
    case 'uuid': {
      const hex = bytes.toString('hex', at, at + 16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
    default:
      return bytes.toString('utf8', at, at + length);
  }
}

/**
 * Reads a binary COPY stream whose columns have `types`, calling `onRow` with each row's values
 * (`timestamptz` as milliseconds since 1970, null for SQL NULL). The array is the same one for
 * every row, refilled: take what is needed from it before returning.
 */
export function decodeBinaryCopy(
  data: Uint8Array,
  types: readonly CopyType[],
  onRow: (values: CopyValue[]) => void,
): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < HEADER_BYTES + 2 || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE))
    throw new Error('not a binary COPY stream');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const values: CopyValue[] = new Array<CopyValue>(types.length).fill(null);
  let at = HEADER_BYTES + view.getInt32(SIGNATURE.length + 4);
  for (let fields = view.getInt16(at); fields !== -1; fields = view.getInt16(at)) {
    if (fields !== types.length)
      throw new Error(`binary COPY row of ${fields} columns, expected ${types.length}`);
    at += 2;
    for (let i = 0; i < fields; i++) {
      const length = view.getInt32(at);
      at += 4;
      if (length === -1) {
        values[i] = null;
        continue;
      }
      values[i] = readValue(bytes, view, at, length, types[i] as CopyType);
      at += length;
    }
    onRow(values);
  }
}
