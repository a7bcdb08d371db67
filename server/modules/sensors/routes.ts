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
} from '../../../src/domain/api/sensors.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { listSensors, organisationSensors, readSensorFilter, sensorDashboard } from './service.ts';

const feature = 'navigation.sensors' as const;
const tags = ['sensors'];

export const sensorRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
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
    async (request) => {
      const [sensor] = await organisationSensors(db, request.auth.org, request.params.id);
      if (!sensor) throw notFound('No such sensor in this organisation');
      return sensor;
    },
  );
};
