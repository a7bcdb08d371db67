// The organisation's sensors with their health (/v1/portal/sensors), and the fleet's device health
// at a glance (/v1/portal/sensors/dashboard); the sensors navigation switch gates both.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  SENSOR_SORTS,
  SensorDashboardReply,
  SensorListQuery,
  SensorListReply,
  SensorRecord,
  SensorServiceBody,
} from '../../../src/domain/api/sensors.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { auditRequest, type AuditAction } from '../audit/index.ts';
import { listSensors, organisationSensors, readSensorFilter, sensorDashboard } from './service.ts';
import { returnToService, takeOutOfService } from './writes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const feature = 'navigation.sensors' as const;
const tags = ['sensors'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const sensorRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
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
    endpoints.portal.sensors.root,
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
    endpoints.portal.sensors.dashboard,
    {
      config: { access: 'read', feature },
      schema: { tags, response: { 200: SensorDashboardReply } },
    },
    async (request) => sensorDashboard(db, request.auth.org),
  );

  app.get(
    endpoints.portal.sensors.item,
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
    endpoints.portal.sensors.outOfService,
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
    endpoints.portal.sensors.inService,
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
};
