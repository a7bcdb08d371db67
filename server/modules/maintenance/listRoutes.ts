// GET /v1/portal/maintenance (issue 42, docs/maintenance.md "Due points"): the organisation's
// machines × tasks with their due points, ra-data-simple-rest (filter, sort, range).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { MaintenanceRow } from '../../../src/domain/api/maintenance.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { listMaintenance, MAINTENANCE_SORTS, readMaintenanceFilter } from './list.ts';

export const maintenanceListRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    endpoints.portal.maintenance,
    {
      config: { access: 'read' },
      schema: {
        tags: ['maintenance'],
        querystring: SimpleListQuery,
        response: { 200: Type.Array(MaintenanceRow) },
      },
    },
    async (request, reply) => {
      const params = readListParams(request.query, MAINTENANCE_SORTS);
      const filter = readMaintenanceFilter(params.filter);
      const { rows, total } = await listMaintenance(db, request.organisation, filter, params);
      sendRange(reply, 'maintenance', params.offset, rows.length, total);
      return rows;
    },
  );
};
