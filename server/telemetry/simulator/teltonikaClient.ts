// Speaks Teltonika TCP to a server as a device does: handshake, then packets, each waiting for its ack.
import net from 'node:net';
import {
  encodeImeiHandshake,
  encodeTcpPacket,
  type AvlRecordInput,
} from '../adapters/teltonika/encode.ts';

export async function sendOverTcp(
  target: { host: string; port: number },
  imei: string,
  records: AvlRecordInput[],
  recordsPerPacket = 25,
): Promise<void> {
  const socket = net.connect(target.port, target.host);
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  socket.on('error', (error) => {
    failure = error;
    wake?.();
  });
  socket.on('close', () => {
    failure ??= new Error('the server closed the connection');
    wake?.();
  });
  const read = async (bytes: number): Promise<Buffer> => {
    while (received.length < bytes) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    const head = received.subarray(0, bytes);
    received = received.subarray(bytes);
    return head;
  };

  try {
    socket.write(encodeImeiHandshake(imei));
    if ((await read(1))[0] !== 1) throw new Error(`the server refused IMEI ${imei}`);
    for (let i = 0; i < records.length; i += recordsPerPacket) {
      const packet = records.slice(i, i + recordsPerPacket);
      socket.write(encodeTcpPacket(packet));
      const acknowledged = (await read(4)).readUInt32BE();
      if (acknowledged !== packet.length)
        throw new Error(`acknowledged ${acknowledged} of ${packet.length} records`);
    }
  } finally {
    socket.removeAllListeners('close');
    socket.destroy();
  }
}
