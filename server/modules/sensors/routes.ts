// The organisation's sensors with their health (/v1/portal/sensors), and the fleet's device health
// at a glance (/v1/portal/sensors/dashboard); the sensors navigation switch gates both.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  FuelAttachment,
  LabelSheetBody,
  QrTargetReply,
  SENSOR_SORTS,
  SensorAttachmentBody,
  SensorAttachmentReply,
  SensorDashboardReply,
  SensorListQuery,
  SensorListReply,
  SensorRecord,
  SensorServiceBody,
  TankCapacityBody,
} from '../../../src/domain/api/sensors.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { auditRequest, type AuditAction } from '../audit/index.ts';
import { deviceLabelSheet, qrTarget } from './labels.ts';
import { listSensors, organisationSensors, readSensorFilter, sensorDashboard } from './service.ts';
import {
  getAttachments,
  returnToService,
  setAttachments,
  setTankCapacity,
  takeOutOfService,
} from './writes.ts';

const feature = 'navigation.sensors' as const;
const fuel = 'modules.fuel' as const;
const tags = ['sensors'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const sensorRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups, config }) => {
  const audited = (
    request: { auth: { org: string; sub: string } },
    action: AuditAction,
    details: Record<string, unknown>,
  ) => auditRequest(db, request, action, details);
  const sensorOf = async (organisationId: string, id: string) => {
    const [sensor] = await organisationSensors(db, organisationId, id);
    if (!sensor) throw notFound('No such sensor in this organisation');
    return sensor;
  };
  app.get(
    '/v1/portal/sensors',
    {
      config: { access: 'read', feature },
      schema: { tags, querystring: SensorListQuery, response: { 200: SensorListReply } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, SENSOR_SORTS);
      const filter = readSensorFilter(params.filter);
      const { sensors, total } = await listSensors(db, request.auth.org, filter, params);
      sendRange(reply, 'sensors', params.offset, sensors.length, total);
      return sensors;
    },
  );

  app.get(
    '/v1/portal/sensors/dashboard',
    {
      config: { access: 'read', feature },
      schema: { tags, response: { 200: SensorDashboardReply } },
    },
    async (request) => sensorDashboard(db, request.auth.org),
  );

  app.get(
    '/v1/portal/sensors/:id',
    {
      config: { access: 'read', feature },
      schema: {
        tags,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: SensorRecord },
      },
    },
    async (request) => sensorOf(request.auth.org, request.params.id),
  );

  app.post(
    '/v1/portal/sensors/:id/out-of-service',
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id, body: SensorServiceBody, response: { 200: SensorRecord } },
    },
    async (request) => {
      const { org, sub } = request.auth;
      await takeOutOfService(db, rollups, org, sub, request.params.id, request.body);
      await audited(request, 'sensor.out-of-service', { id: request.params.id, ...request.body });
      return sensorOf(org, request.params.id);
    },
  );

  app.post(
    '/v1/portal/sensors/:id/in-service',
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id, body: SensorServiceBody, response: { 200: SensorRecord } },
    },
    async (request) => {
      await returnToService(db, rollups, request.auth.org, request.params.id, request.body);
      await audited(request, 'sensor.in-service', { id: request.params.id, ...request.body });
      return sensorOf(request.auth.org, request.params.id);
    },
  );

  app.get(
    '/v1/portal/sensors/:id/attachment',
    {
      config: { access: 'read', feature: fuel },
      schema: { tags, params: Id, response: { 200: SensorAttachmentReply } },
    },
    async (request) => getAttachments(db, request.auth.org, request.params.id),
  );

  app.post(
    '/v1/portal/sensors/attachment',
    {
      config: { access: 'write', feature: fuel },
      schema: { tags, body: SensorAttachmentBody, response: { 200: SensorAttachmentReply } },
    },
    async (request) => {
      const reply = await setAttachments(db, rollups, request.auth.org, request.body);
      await audited(request, 'sensor.attachments-set', { ...reply });
      return reply;
    },
  );

  app.patch(
    '/v1/portal/sensors/attachment/:id/tank-capacity',
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
      await audited(request, 'sensor.tank-capacity-set', { ...attachment });
      return attachment;
    },
  );

  app.get(
    '/v1/portal/qr/:code',
    {
      config: { access: 'read' },
      schema: {
        tags,
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }) }),
        querystring: Type.Object(
          { claim: Type.Optional(Type.String({ maxLength: 40 })) },
          { additionalProperties: false },
        ),
        response: { 200: QrTargetReply },
      },
    },
    async (request) => qrTarget(db, request.auth, request.params.code, request.query.claim),
  );

  app.post(
    '/v1/admin/sensors/labels',
    { config: { access: 'staff' }, schema: { tags, body: LabelSheetBody } },
    async (request, reply) => {
      const pdf = await deviceLabelSheet(db, config.publicUrl, request.body.codes);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="device-labels.pdf"')
        .send(pdf);
    },
  );
};
