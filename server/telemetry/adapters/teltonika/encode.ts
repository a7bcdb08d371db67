// Encodes Teltonika frames, as a device does: used by the fleet simulator, the tests and benchmarks.
import { CODEC_12, CODEC_16, CODEC_8, CODEC_8_EXTENDED } from './avl.ts';
import { crc16Ibm } from './crc16.ts';
import { IO } from './ioElements.ts';

export interface AvlRecordInput {
  timestampMs: number;
  latitude: number;
  longitude: number;
  altitudeM?: number;
  headingDeg?: number;
  satellites?: number;
  speedKmh?: number;
  /** IO element id to value; sizes follow the FMB list (IO_SIZES), 4 bytes for unknown ids. */
  io?: Record<number, number>;
}

export const IO_SIZES: Record<number, 1 | 2 | 4 | 8> = {
  [IO.ignition]: 1,
  [IO.movement]: 1,
  [IO.digitalInput1]: 1,
  [IO.digitalInput2]: 1,
  [IO.digitalInput3]: 1,
  [IO.digitalInput4]: 1,
  [IO.fuelLevelPercent]: 1,
  [IO.gsmSignal]: 1,
  [IO.externalVoltage]: 2,
  [IO.batteryVoltage]: 2,
  [IO.analogInput1]: 2,
  [IO.analogInput2]: 2,
  [IO.engineRpm]: 2,
  [IO.fuelLevelLitres]: 2,
  [IO.fuelRate]: 2,
  [IO.pdop]: 2,
  [IO.hdop]: 2,
  [IO.totalOdometer]: 4,
  [IO.fuelConsumed]: 4,
  [IO.fuelConsumedCounted]: 4,
  [IO.engineWorktime]: 4,
  [IO.engineWorktimeCounted]: 4,
  [IO.iButton]: 8,
};

type Codec = typeof CODEC_8 | typeof CODEC_8_EXTENDED | typeof CODEC_16;

function writeValue(bytes: number[], size: number, value: number): void {
  for (let shift = size - 1; shift >= 0; shift--)
    bytes.push(Math.floor(value / 2 ** (8 * shift)) & 0xff);
}

function encodeRecord(bytes: number[], record: AvlRecordInput, codec: Codec): void {
  writeValue(bytes, 8, record.timestampMs);
  bytes.push(0); // priority
  writeValue(bytes, 4, Math.round(record.longitude * 1e7) >>> 0);
  writeValue(bytes, 4, Math.round(record.latitude * 1e7) >>> 0);
  writeValue(bytes, 2, (record.altitudeM ?? 0) & 0xffff);
  writeValue(bytes, 2, record.headingDeg ?? 0);
  bytes.push(record.satellites ?? 0);
  writeValue(bytes, 2, record.speedKmh ?? 0);

  const entries = Object.entries(record.io ?? {}).map(([id, value]) => ({
    id: Number(id),
    value,
    size: IO_SIZES[Number(id)] ?? 4,
  }));
  const wide = codec !== CODEC_8;
  const countBytes = codec === CODEC_8_EXTENDED ? 2 : 1;
  writeValue(bytes, wide ? 2 : 1, 0); // event IO id
  if (codec === CODEC_16) bytes.push(0); // generation type
  writeValue(bytes, countBytes, entries.length);
  for (const size of [1, 2, 4, 8]) {
    const group = entries.filter((e) => e.size === size);
    writeValue(bytes, countBytes, group.length);
    for (const entry of group) {
      writeValue(bytes, wide ? 2 : 1, entry.id);
      writeValue(bytes, size, entry.value);
    }
  }
  if (codec === CODEC_8_EXTENDED) writeValue(bytes, 2, 0); // no variable-length elements
}

/** The data field: codec id, count, records, count. */
export function encodeAvlData(records: AvlRecordInput[], codec: Codec = CODEC_8_EXTENDED): Buffer {
  const bytes: number[] = [codec, records.length];
  for (const record of records) encodeRecord(bytes, record, codec);
  bytes.push(records.length);
  return Buffer.from(bytes);
}

function wrapTcp(data: Buffer): Buffer {
  const frame = Buffer.alloc(8 + data.length + 4);
  frame.writeUInt32BE(data.length, 4);
  data.copy(frame, 8);
  frame.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return frame;
}

/** A whole TCP packet: preamble, length, data field, CRC. */
export function encodeTcpPacket(
  records: AvlRecordInput[],
  codec: Codec = CODEC_8_EXTENDED,
): Buffer {
  return wrapTcp(encodeAvlData(records, codec));
}

export function encodeImeiHandshake(imei: string): Buffer {
  const frame = Buffer.alloc(2 + imei.length);
  frame.writeUInt16BE(imei.length);
  frame.write(imei, 2, 'latin1');
  return frame;
}

/** A codec 12 message: 0x05 a command to the device, 0x06 the device's response. */
function encodeCodec12(type: 0x05 | 0x06, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const data = Buffer.alloc(8 + body.length);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = type;
  data.writeUInt32BE(body.length, 3);
  body.copy(data, 7);
  data[7 + body.length] = 1;
  return wrapTcp(data);
}

/** A codec 12 command as the server sends it (a text such as `getinfo`). */
export const encodeCommand = (text: string) => encodeCodec12(0x05, text);
/** A codec 12 command response as the device sends it. */
export const encodeCommandResponse = (text: string) => encodeCodec12(0x06, text);

export function encodeUdpDatagram(
  imei: string,
  records: AvlRecordInput[],
  ids: { packetId: number; avlPacketId: number },
  codec: Codec = CODEC_8_EXTENDED,
): Buffer {
  const data = encodeAvlData(records, codec);
  const datagram = Buffer.alloc(8 + imei.length + data.length);
  datagram.writeUInt16BE(datagram.length - 2, 0);
  datagram.writeUInt16BE(ids.packetId, 2);
  datagram[4] = 0x01;
  datagram[5] = ids.avlPacketId;
  datagram.writeUInt16BE(imei.length, 6);
  datagram.write(imei, 8, 'latin1');
  data.copy(datagram, 8 + imei.length);
  return datagram;
}
