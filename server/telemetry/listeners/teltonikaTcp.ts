// Teltonika over TCP: IMEI handshake, then packets acknowledged only once their records are committed.
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SOURCE_TYPE } from '../adapters/teltonika/avl.ts';
import {
  HANDSHAKE_ACCEPT,
  recordCountAck,
  TeltonikaTcpFramer,
  type FramerEvent,
} from '../adapters/teltonika/tcpFramer.ts';
import type { Ingest } from '../ingest.ts';
import type { DeviceConnections } from './connections.ts';

export interface TeltonikaTcpOptions {
  host: string;
  port: number;
  ingest: Ingest;
  storeCommandResponse: (imei: string, text: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where connected devices are known by IMEI, for staff's commands. */
  devices?: DeviceConnections;
  /** A connection silent this long is closed; devices reconnect on their own. */
  idleTimeoutMs?: number;
}

export interface Listener {
  port: number;
  close(): Promise<void>;
}

/** Frames waiting for the database before a connection stops being read. */
const MAX_PENDING_FRAMES = 32;

function handleConnection(
  socket: net.Socket,
  options: TeltonikaTcpOptions,
  connections: Set<net.Socket>,
): void {
  connections.add(socket);
  const framer = new TeltonikaTcpFramer();
  const remote = `${socket.remoteAddress}:${socket.remotePort}`;
  let pending = 0;
  // One frame at a time per connection, in order: each ack must follow its own commit.
  let queue: Promise<void> = Promise.resolve();

  const handle = async (event: FramerEvent): Promise<void> => {
    if (socket.destroyed) return;
    switch (event.type) {
      case 'imei':
        options.devices?.opened(event.imei, socket, remote);
        socket.write(HANDSHAKE_ACCEPT);
        return;
      case 'records':
        options.devices?.packet(framer.deviceImei ?? '');
        await options.ingest(event.records);
        if (!socket.destroyed) socket.write(recordCountAck(event.records.length));
        return;
      case 'command-response':
        await options.storeCommandResponse(framer.deviceImei ?? '', event.text);
        options.devices?.answered(framer.deviceImei ?? '', event.text);
        return;
      case 'rejected':
        options.log.warn(
          { remote, imei: framer.deviceImei, reason: event.reason },
          'teltonika frame rejected, not acknowledged',
        );
        return;
      case 'fatal':
        options.log.warn(
          { remote, imei: framer.deviceImei, reason: event.reason },
          'teltonika connection closed',
        );
        socket.destroy();
    }
  };

  socket.setTimeout(options.idleTimeoutMs ?? 600_000, () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    for (const event of framer.feed(chunk)) {
      pending++;
      if (pending >= MAX_PENDING_FRAMES) socket.pause();
      queue = queue
        .then(() => handle(event))
        .catch((error: unknown) => {
          // Not acknowledged: the device keeps the records and sends them again on a new connection.
          options.log.error(
            { err: error, remote, imei: framer.deviceImei },
            'teltonika records not stored',
          );
          socket.destroy();
        })
        .finally(() => {
          pending--;
          if (pending < MAX_PENDING_FRAMES && socket.isPaused()) socket.resume();
        });
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    connections.delete(socket);
    if (framer.deviceImei) options.devices?.closed(framer.deviceImei, socket);
  });
}

export async function startTeltonikaTcp(options: TeltonikaTcpOptions): Promise<Listener> {
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => handleConnection(socket, options, connections));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep backlog: after an outage, every device in a fleet reconnects at once.
    server.listen({ port: options.port, host: options.host, backlog: 4096 }, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.log.info({ port, source: SOURCE_TYPE }, 'teltonika TCP listener started');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
