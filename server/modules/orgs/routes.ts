// The organisation's own settings that screens change: here, what a route point needs.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RoutePointSettingsBody } from '../../../src/domain/api/session.ts';
import type { ServerContext } from '../../context.ts';
import { setRouteMinSatellites } from './service.ts';

export const organisationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.put(
    '/v1/organisation/settings/route-points',
    {
      config: { access: 'write' },
      schema: {
        tags: ['organisation'],
        body: RoutePointSettingsBody,
        response: { 200: RoutePointSettingsBody },
      },
    },
    async (request) => {
      await setRouteMinSatellites(db, request.auth.org, request.body.minSatellites);
      return { minSatellites: request.body.minSatellites };
    },
  );
};
