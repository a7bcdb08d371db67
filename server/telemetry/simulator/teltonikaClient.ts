// Speaks Teltonika TCP to a server as a device does: handshake, then packets, each waiting for its ack.
import net from 'node:net';
import {
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
}

/** Connects and says the IMEI; rejects when the server refuses it or cannot be reached. */
export async function connectDevice(
  target: { host: string; port: number },
  imei: string,
): Promise<TeltonikaConnection> {
  const socket = net.connect(target.port, target.host);
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  let closed = false;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
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
  };
}

export async function sendOverTcp(
  target: { host: string; port: number },
  imei: string,
  records: AvlRecordInput[],
  recordsPerPacket = 25,
): Promise<void> {
  const device = await connectDevice(target, imei);
  try {
    for (let i = 0; i < records.length; i += recordsPerPacket) {
      const packet = records.slice(i, i + recordsPerPacket);
      const acknowledged = await device.send(packet);
      if (acknowledged === null) throw new Error('the server closed the connection');
      if (acknowledged !== packet.length)
        throw new Error(`acknowledged ${acknowledged} of ${packet.length} records`);
    }
  } finally {
    device.close();
  }
}
