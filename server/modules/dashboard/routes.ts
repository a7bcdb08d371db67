// GET /v1/portal/dashboard (spec point 7, "Dashboard and reports").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardQuery, DashboardReply } from '../../../src/domain/api/dashboard.ts';
import type { ServerContext } from '../../context.ts';
import { dashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { readModel },
) => {
  app.get(
    '/v1/portal/dashboard',
    {
      config: { access: 'read' },
      schema: {
        tags: ['dashboard'],
        querystring: DashboardQuery,
        response: { 200: DashboardReply },
      },
    },
    async (request) =>
      readModel.shared(
        `dashboard\u0000${request.organisation.id}\u0000${JSON.stringify(request.query)}`,
        () => dashboard(readModel, request.organisation, request.query),
      ),
  );
};
