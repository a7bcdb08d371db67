// Starts every device listener the configuration asks for, over one ingest pipeline.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { SOURCE_TYPE } from '../adapters/teltonika/avl.ts';
import { storeCommandResponse, type Ingest } from '../ingest.ts';
import type { DeviceConnections } from './connections.ts';
import { startTeltonikaTcp, type Listener } from './teltonikaTcp.ts';
import { startTeltonikaUdp } from './teltonikaUdp.ts';

export async function startDeviceListeners(
  config: Pick<Config, 'host' | 'teltonikaPort'>,
  db: Database,
  ingest: Ingest,
  log: FastifyBaseLogger,
  devices?: DeviceConnections,
): Promise<Listener[]> {
  if (config.teltonikaPort === null) return [];
  const tcp = await startTeltonikaTcp({
    host: config.host,
    port: config.teltonikaPort,
    ingest,
    storeCommandResponse: (imei, text) => storeCommandResponse(db, SOURCE_TYPE, imei, text),
    log,
    devices,
  });
  // UDP on the same port number as TCP, as devices are configured with one server port.
  const udp = await startTeltonikaUdp({ host: config.host, port: tcp.port, ingest, log });
  return [tcp, udp];
}
