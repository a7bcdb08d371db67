// GET /v1/portal/maintenance (issue 42, docs/maintenance.md "Due points"): the organisation's
// machines × tasks with their due points, and those of the machines on hire to it now by their
// owners' plans, ra-data-simple-rest (filter, sort, range): a machine's worked out now, the fleet's
// read from the stored due points (dueStore.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { MaintenanceRow } from '../../../src/domain/api/maintenance.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { listStoredDue } from './dueStore.ts';
import { hiredNow } from './hired.ts';
import { listMaintenance, MAINTENANCE_SORTS, readMaintenanceFilter } from './list.ts';

export const maintenanceListRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, afterReply },
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
      const hired = await hiredNow(db, request.organisation.id);
      // A machine's own tasks are worked out now; the fleet's are read from the stored due points.
      const { rows, total } = filter.machineId
        ? await listMaintenance(db, request.organisation, filter, params, hired)
        : await listStoredDue(
            db,
            request.organisation,
            filter,
            params,
            (work) => afterReply.run(reply, 'maintenance due points', work),
            hired,
          );
      sendRange(reply, 'maintenance', params.offset, rows.length, total);
      return rows;
    },
  );
};
