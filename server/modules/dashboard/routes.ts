// GET /v1/portal/dashboard (spec point 7, "Dashboard and reports").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardQuery, DashboardReply } from '../../../src/domain/api/dashboard.ts';
import type { ServerContext } from '../../context.ts';
import { unauthorised } from '../../httpError.ts';
import { getOrganisation } from '../orgs/service.ts';
import { dashboard } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    '/v1/portal/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        querystring: DashboardQuery,
        response: { 200: DashboardReply },
      },
    },
    async (request) => {
      const organisation = await getOrganisation(db, request.auth.org);
      if (!organisation) throw unauthorised('The session no longer matches an organisation');
      return dashboard(db, organisation, request.query);
    },
  );
};
