// Which sensor measures which machine's fuel tank, and the tank's capacity: the fuel module's
// switch gates them; each write recomputes the machines concerned and is in the audit trail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  FuelAttachment,
  SensorAttachmentBody,
  SensorAttachmentReply,
  TankCapacityBody,
} from '../../../src/domain/api/sensors.ts';
import type { ServerContext } from '../../context.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { auditRequest } from '../audit/index.ts';
import { getAttachments, setAttachments, setTankCapacity } from './writes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const fuel = 'modules.fuel' as const;
const tags = ['sensors'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const sensorAttachmentRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    endpoints.portal.sensors.itemAttachment,
    {
      config: { access: 'read', feature: fuel },
      schema: { tags, params: Id, response: { 200: SensorAttachmentReply } },
    },
    async (request) => getAttachments(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.portal.sensors.attachment,
    {
      config: { access: 'write', feature: fuel },
      schema: { tags, body: SensorAttachmentBody, response: { 200: SensorAttachmentReply } },
    },
    async (request) => {
      const reply = await setAttachments(db, rollups, request.auth.org, request.body);
      await auditRequest(db, request, 'sensor.attachments-set', { ...reply });
      return reply;
    },
  );

  app.patch(
    endpoints.portal.sensors.attachmentTankCapacity,
    {
      config: { access: 'write', feature: fuel },
      schema: { tags, params: Id, body: TankCapacityBody, response: { 200: FuelAttachment } },
    },
    async (request) => {
      const attachment = await setTankCapacity(
        db,
        rollups,
        request.auth.org,
        request.params.id,
        request.body.tankCapacity,
      );
      await auditRequest(db, request, 'sensor.tank-capacity-set', { ...attachment });
      return attachment;
    },
  );
};
