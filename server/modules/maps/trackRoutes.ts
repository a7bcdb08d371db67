// Where machines went and worked (spec point 7, "Routes" and the heat maps): a machine's route
// with its trips and stops, the route report as CSV, work cycles, the heat maps, the machines a
// route can be drawn for, and a machine's latest location shared by link.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  RouteMachinesQuery,
  RouteMachinesReply,
  RouteQuery,
  RouteReply,
} from '../../../src/domain/api/mapRoutes.ts';
import { HeatmapQuery, HeatmapReply } from '../../../src/domain/api/heatmap.ts';
import { RouteReportQuery } from '../../../src/domain/api/routeReport.ts';
import { ShareLocationBody, ShareLocationReply } from '../../../src/domain/api/share.ts';
import { WorkCyclesQuery, WorkCyclesReply } from '../../../src/domain/api/workCycles.ts';
import type { ServerContext } from '../../context.ts';
import { machineCycles } from './cycles.ts';
import { heatmap } from './heat.ts';
import { machineRoute } from './route.ts';
import { routeReport } from './routeReport.ts';
import { mapMachines } from './service.ts';
import { shareLatestLocation } from './share.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const trackRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  for (const [path, kind] of [
    [endpoints.portal.maps.heatmap, 'activity'],
    [endpoints.portal.maps.speedheatmap, 'speed'],
  ] as const) {
    app.get(
      path,
      {
        config: {
          access: 'read',
          expensive: true,
          ...(kind === 'speed' ? { feature: 'modules.speed' as const } : {}),
        },
        schema: { tags: ['maps'], querystring: HeatmapQuery, response: { 200: HeatmapReply } },
      },
      async (request) => heatmap(db, request.organisation, request.query, kind),
    );
  }

  app.get(
    endpoints.portal.maps.routes,
    {
      config: { access: 'read', feature: 'navigation.routes' },
      schema: { tags: ['maps'], querystring: RouteQuery, response: { 200: RouteReply } },
    },
    async (request) => machineRoute(db, request.auth.org, request.query),
  );

  app.post(
    endpoints.portal.maps.shareLatestLocationItem,
    {
      config: { access: 'write' },
      schema: {
        tags: ['maps'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: ShareLocationBody,
        response: { 200: ShareLocationReply },
      },
    },
    async (request) =>
      shareLatestLocation(db, config, request.log, request.auth, request.params.id, request.body),
  );

  app.get(
    endpoints.portal.maps.cyclesItem,
    {
      config: { access: 'read', feature: 'modules.workCycle' },
      schema: {
        tags: ['maps'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        querystring: WorkCyclesQuery,
        response: { 200: WorkCyclesReply },
      },
    },
    async (request) => machineCycles(db, request.auth.org, request.params.id, request.query),
  );

  app.get(
    endpoints.portal.maps.routesReport,
    // Worked out from every selected machine's route: up to the spec's 180 s.
    {
      config: { access: 'read', expensive: true, feature: 'navigation.routes' },
      schema: { tags: ['maps'], querystring: RouteReportQuery },
    },
    async (request, reply) => {
      const { bytes, contentType, fileName } = await routeReport(
        db,
        request.organisation,
        request.query,
        request.clientGone,
      );
      return reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type(contentType)
        .send(bytes);
    },
  );

  app.get(
    endpoints.machines.list,
    {
      config: { access: 'read' },
      schema: {
        tags: ['maps'],
        querystring: RouteMachinesQuery,
        response: { 200: RouteMachinesReply },
      },
    },
    async (request) => {
      const { startDate, endDate, show } = request.query;
      const machines = await mapMachines(db, request.organisation, {
        start: startDate,
        end: endDate,
        show,
      });
      return {
        machines: machines.map((m) => ({
          id: m.id,
          name: m.name,
          assetId: m.assetId,
          lastPositionAt: m.location?.lastUpdated ?? null,
        })),
      };
    },
  );
};
