// Teltonika over UDP: a channel header, the IMEI inside every datagram, and the acknowledgement.
import type { TelemetryRecord } from '../../record.ts';
import { decodeAvlData, TeltonikaDecodeError } from './avl.ts';

export interface UdpPacket {
  packetId: number;
  avlPacketId: number;
  imei: string;
  records: TelemetryRecord[];
}

/** Throws TeltonikaDecodeError for a datagram that is not a well-formed AVL packet. */
export function decodeUdpDatagram(datagram: Buffer, receivedMs: number): UdpPacket {
  if (datagram.length < 2 + 2 + 1 + 1 + 2) throw new TeltonikaDecodeError('datagram too short');
  const length = datagram.readUInt16BE(0);
  if (length + 2 !== datagram.length)
    throw new TeltonikaDecodeError('datagram length does not match');
  const packetId = datagram.readUInt16BE(2);
  const avlPacketId = datagram[5] as number;
  const imeiLength = datagram.readUInt16BE(6);
  if (imeiLength < 15 || imeiLength > 17 || 8 + imeiLength > datagram.length) {
    throw new TeltonikaDecodeError('bad IMEI length');
  }
  const imei = datagram.toString('latin1', 8, 8 + imeiLength);
  if (!/^\d+$/.test(imei)) throw new TeltonikaDecodeError('IMEI is not all digits');
  const records = decodeAvlData(datagram, 8 + imeiLength, datagram.length, imei, receivedMs);
  return { packetId, avlPacketId, imei, records };
}

export function udpAck(
  packet: Pick<UdpPacket, 'packetId' | 'avlPacketId'>,
  accepted: number,
): Buffer {
  const ack = Buffer.alloc(7);
  ack.writeUInt16BE(5, 0);
  ack.writeUInt16BE(packet.packetId, 2);
  ack[4] = 0x01;
  ack[5] = packet.avlPacketId;
  ack[6] = accepted;
  return ack;
}
