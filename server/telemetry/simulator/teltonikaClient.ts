// Speaks Teltonika TCP to a server as a device does: handshake, then packets, each waiting for its ack.
import net from 'node:net';
import { CODEC_12 } from '../adapters/teltonika/avl.ts';
import {
  encodeCommandResponse,
  encodeImeiHandshake,
  encodeTcpPacket,
  type AvlRecordInput,
} from '../adapters/teltonika/encode.ts';

export interface TeltonikaConnection {
  /** Sends one packet; resolves with the acknowledged record count, or null if the server went away. */
  send(records: AvlRecordInput[]): Promise<number | null>;
  /** The same for a packet's bytes as given (a malformed or hostile one, in tests). */
  sendRaw(packet: Buffer): Promise<number | null>;
  close(): void;
  readonly closed: boolean;
}

/**
 * A codec 12 command the server sent, if the buffer starts with a whole one: preamble of zeros,
 * length, codec 12, type 0x05. An acknowledgement is 4 bytes and never 0 (packets are not empty).
 */
function commandAt(buffer: Buffer): { text: string; bytes: number } | null {
  if (buffer.length < 12 || buffer.readUInt32BE(0) !== 0 || buffer[8] !== CODEC_12) return null;
  const bytes = 8 + buffer.readUInt32BE(4) + 4;
  if (buffer.length < bytes) return null;
  const size = buffer.readUInt32BE(11);
  return { text: buffer.toString('latin1', 15, 15 + size), bytes };
}

/**
 * Connects and says the IMEI; rejects when the server refuses it or cannot be reached. With
 * `answer`, a codec 12 command from the server is answered as the device would.
 */
export async function connectDevice(
  target: { host: string; port: number },
  imei: string,
  answer?: (command: string) => string,
): Promise<TeltonikaConnection> {
  const socket = net.connect(target.port, target.host);
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (let command = commandAt(received); command; command = commandAt(received)) {
      received = received.subarray(command.bytes);
      if (answer) socket.write(encodeCommandResponse(answer(command.text)));
    }
    wake?.();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    wake?.();
  });
  const read = async (bytes: number): Promise<Buffer | null> => {
    while (received.length < bytes) {
      if (closed) return null;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const head = received.subarray(0, bytes);
    received = received.subarray(bytes);
    // A command that came in the same chunk as this acknowledgement is answered now.
    if (received.length > 0) socket.emit('data', Buffer.alloc(0));
    return head;
  };
  socket.write(encodeImeiHandshake(imei));
  const accepted = await read(1);
  if (accepted?.[0] !== 1) {
    socket.destroy();
    throw new Error(`the server refused IMEI ${imei}`);
  }
  const sendRaw = async (packet: Buffer) => {
    socket.write(packet);
    return (await read(4))?.readUInt32BE() ?? null;
  };
  return {
    send: (records) => sendRaw(encodeTcpPacket(records)),
    sendRaw,
    close: () => socket.destroy(),
    get closed() {
      return closed;
    },
  };
}

/** Sends records in packets of `recordsPerPacket`, each acknowledged before the next. */
export async function sendPackets(
  device: TeltonikaConnection,
  records: AvlRecordInput[],
  recordsPerPacket = 25,
): Promise<void> {
  for (let i = 0; i < records.length; i += recordsPerPacket) {
    const packet = records.slice(i, i + recordsPerPacket);
    const acknowledged = await device.send(packet);
    if (acknowledged === null) throw new Error('the server closed the connection');
    if (acknowledged !== packet.length)
      throw new Error(`acknowledged ${acknowledged} of ${packet.length} records`);
  }
}

/** Connects, sends the records, and hangs up. */
export async function sendOverTcp(
  target: { host: string; port: number },
  imei: string,
  records: AvlRecordInput[],
  recordsPerPacket = 25,
): Promise<void> {
  const device = await connectDevice(target, imei);
  try {
    await sendPackets(device, records, recordsPerPacket);
  } finally {
    device.close();
  }
}
