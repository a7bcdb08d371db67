// Teltonika over UDP: each datagram carries its IMEI; the acknowledgement follows the commit.
import dgram from 'node:dgram';
import { TeltonikaDecodeError } from '../adapters/teltonika/avl.ts';
import { decodeUdpDatagram, udpAck } from '../adapters/teltonika/udp.ts';
import type { Listener, TeltonikaTcpOptions } from './teltonikaTcp.ts';

export async function startTeltonikaUdp(
  options: Omit<TeltonikaTcpOptions, 'storeCommandResponse'>,
): Promise<Listener> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (datagram, remote) => {
    let packet;
    try {
      packet = decodeUdpDatagram(datagram, Date.now());
    } catch (error) {
      if (!(error instanceof TeltonikaDecodeError)) throw error;
      options.log.warn(
        { remote: `${remote.address}:${remote.port}`, reason: error.message },
        'teltonika datagram rejected',
      );
      return;
    }
    options
      .ingest(packet.records)
      .then(() => socket.send(udpAck(packet, packet.records.length), remote.port, remote.address))
      .catch((error: unknown) =>
        options.log.error({ err: error, imei: packet.imei }, 'teltonika records not stored'),
      );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => resolve());
  });
  const port = socket.address().port;
  options.log.info({ port }, 'teltonika UDP listener started');
  return { port, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
