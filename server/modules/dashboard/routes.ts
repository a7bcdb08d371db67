// GET /v1/portal/dashboard (spec point 7, "Dashboard and reports").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardQuery, DashboardReply } from '../../../src/domain/api/dashboard.ts';
import type { ServerContext } from '../../context.ts';
import { dashboard } from './service.ts';
import { sendShared } from '../../readModel/serialisedReply.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const dashboardRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { readModel },
) => {
  app.get(
    endpoints.portal.dashboard,
    {
      config: { access: 'read' },
      schema: {
        tags: ['dashboard'],
        querystring: DashboardQuery,
        response: { 200: DashboardReply },
      },
    },
    async (request, reply) =>
      sendShared<DashboardReply>(readModel, request, reply, 'dashboard', () =>
        dashboard(readModel, request.organisation, request.query),
      ),
  );
};
