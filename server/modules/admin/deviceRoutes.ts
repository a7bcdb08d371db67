// Device debugging per protocol (issue 19): Teltonika records, connections and codec 12 commands,
// LoRaWAN uplinks and the Android app's requests, over a time range. Staff only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  COMMAND_REPLY_WAIT_MS,
  DeviceCommandBody,
  DeviceCommandReply,
  DeviceCommandsReply,
  DeviceConnectionsReply,
  DeviceDebugQuery,
  IngestRequestsReply,
  LoraUplinksReply,
  TeltonikaRecordsReply,
} from '../../../src/domain/api/admin.ts';
import { conflict } from '../../httpError.ts';
import {
  commandResponses,
  ingestRequests,
  loraUplinks,
  readDebugRange,
  teltonikaRecords,
} from './deviceRecords.ts';
import { config, tags, type AdminContext } from './routes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const deviceRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (
  app,
  { db, devices },
) => {
  app.get(
    endpoints.admin.teltonika.records,
    {
      config,
      schema: { tags, querystring: DeviceDebugQuery, response: { 200: TeltonikaRecordsReply } },
    },
    async (request) => teltonikaRecords(db, readDebugRange(request.query)),
  );

  app.get(
    endpoints.admin.teltonika.connections,
    { config, schema: { tags, response: { 200: DeviceConnectionsReply } } },
    async () => ({
      connections: (await devices.list()).map((open) => ({
        deviceId: open.deviceId,
        remote: open.remote,
        connectedAt: new Date(open.connectedAtMs).toISOString(),
        lastPacketAt:
          open.lastPacketAtMs === null ? null : new Date(open.lastPacketAtMs).toISOString(),
      })),
    }),
  );

  app.get(
    endpoints.admin.teltonika.commands,
    {
      config,
      schema: { tags, querystring: DeviceDebugQuery, response: { 200: DeviceCommandsReply } },
    },
    async (request) => commandResponses(db, readDebugRange(request.query)),
  );

  // Sends a codec 12 command to a connected device and waits a while for its reply.
  app.post(
    endpoints.admin.teltonika.commands,
    { config, schema: { tags, body: DeviceCommandBody, response: { 200: DeviceCommandReply } } },
    async (request) => {
      const { deviceId, command } = request.body;
      const sentAt = new Date().toISOString();
      const outcome = await devices.command(deviceId, command, COMMAND_REPLY_WAIT_MS);
      if (!outcome.sent) {
        throw conflict(
          outcome.reason === 'busy'
            ? 'The device has not answered the last command yet'
            : 'The device is not connected now: a command goes out while it is',
          'deviceId',
        );
      }
      return { deviceId, command, sentAt, response: outcome.response };
    },
  );

  app.get(
    endpoints.admin.arya.uplinks,
    {
      config,
      schema: { tags, querystring: DeviceDebugQuery, response: { 200: LoraUplinksReply } },
    },
    async (request) => loraUplinks(db, readDebugRange(request.query)),
  );

  app.get(
    endpoints.admin.android.requests,
    {
      config,
      schema: { tags, querystring: DeviceDebugQuery, response: { 200: IngestRequestsReply } },
    },
    async (request) => ingestRequests(db, readDebugRange(request.query)),
  );
};
