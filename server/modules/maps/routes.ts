// GET /v1/portal/maps, /maps/live and /maps/summary (spec point 7, "Maps"; docs/api.md "Maps").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MAP_STATES,
  MapsLiveQuery,
  MapsQuery,
  MapsReply,
  MapsSummaryReply,
  type MapState,
} from '../../../src/domain/api/maps.ts';
import { MACHINE_SHOW } from '../../../src/domain/api/machines.ts';
import {
  RouteMachinesQuery,
  RouteMachinesReply,
  RouteQuery,
  RouteReply,
} from '../../../src/domain/api/mapRoutes.ts';
import { HeatmapQuery, HeatmapReply } from '../../../src/domain/api/heatmap.ts';
import { MapLayersReply } from '../../../src/domain/api/mapLayers.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../httpError.ts';
import { RouteReportQuery } from '../../../src/domain/api/routeReport.ts';
import { ShareLocationBody, ShareLocationReply } from '../../../src/domain/api/share.ts';
import { WorkCyclesQuery, WorkCyclesReply } from '../../../src/domain/api/workCycles.ts';
import { machineCycles } from './cycles.ts';
import { heatmap } from './heat.ts';
import { routeReport } from './routeReport.ts';
import { shareLatestLocation } from './share.ts';
import { machineRoute } from './route.ts';
import { mapMachines, mapWithValidity } from './service.ts';
import { answerKey, sendSerialised, serialised } from '../../readModel/serialisedReply.ts';

/**
 * /live answers what changed since a little before the moment asked: the engine writes a
 * machine's state a moment after its records arrive, and a late record's time lies in the past.
 * The client merges per machine, so a machine sent twice costs nothing.
 */
const LIVE_OVERLAP_MS = 10 * 60_000;

export const mapRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config, readModel },
) => {
  app.get(
    '/v1/portal/maps',
    {
      config: { access: 'read' },
      schema: { tags: ['maps'], querystring: MapsQuery, response: { 200: MapsReply } },
    },
    async (request, reply) => {
      // Every machine's position is a large reply: kept serialised (and compressed once when a
      // browser asks) until a commit, a stored batch, a change of the fleet or a state going quiet.
      const kept = await readModel.replies.get(answerKey('map', request), async () => {
        const timestamp = new Date().toISOString();
        const { machines, validUntilMs } = await mapWithValidity(
          db,
          request.organisation,
          request.query,
        );
        return { ...serialised(reply, { machines, timestamp }), validUntilMs };
      });
      return sendSerialised<MapsReply>(request, reply, kept);
    },
  );

  app.get(
    '/v1/portal/maps/live',
    {
      config: { access: 'read' },
      schema: { tags: ['maps'], querystring: MapsLiveQuery, response: { 200: MapsReply } },
    },
    async (request) => {
      const since = new Date(request.query.timestamp);
      if (since.getTime() > Date.now() + 60_000) {
        throw badRequest('timestamp', 'timestamp is in the future');
      }
      const timestamp = new Date().toISOString();
      const { timestamp: _asked, ...query } = request.query;
      const machines = await mapMachines(
        db,
        request.organisation,
        query,
        new Date(since.getTime() - LIVE_OVERLAP_MS),
      );
      return { machines, timestamp };
    },
  );

  app.get(
    '/v1/portal/maps/summary',
    {
      config: { access: 'read' },
      schema: {
        tags: ['maps'],
        querystring: Type.Object(
          {
            timestamp: Type.Optional(Type.String({ format: 'date-time' })),
            show: Type.Optional(Type.Enum(MACHINE_SHOW)),
          },
          { additionalProperties: false },
        ),
        response: { 200: MapsSummaryReply },
      },
    },
    async (request) => {
      const timestamp = new Date().toISOString();
      const organisation = request.organisation;
      const query = { show: request.query.show };
      const machines = await mapMachines(db, organisation, query);
      const since = request.query.timestamp;
      const changed = since
        ? (await mapMachines(db, organisation, query, new Date(since))).length
        : undefined;
      const states = Object.fromEntries(MAP_STATES.map((state) => [state, 0])) as Record<
        MapState,
        number
      >;
      for (const machine of machines) states[machine.state]++;
      return {
        total: machines.length,
        located: machines.filter((m) => m.location !== null).length,
        states,
        ...(changed === undefined ? {} : { changed }),
        timestamp,
      };
    },
  );

  app.get(
    '/v1/portal/maps/layers',
    { config: { access: 'read' }, schema: { tags: ['maps'], response: { 200: MapLayersReply } } },
    async () => ({ layers: config.mapTileLayers }),
  );

  for (const [path, kind] of [
    ['/v1/portal/maps/heatmap', 'activity'],
    ['/v1/portal/maps/speedheatmap', 'speed'],
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
    '/v1/portal/maps/routes',
    {
      config: { access: 'read', feature: 'navigation.routes' },
      schema: { tags: ['maps'], querystring: RouteQuery, response: { 200: RouteReply } },
    },
    async (request) => machineRoute(db, request.auth.org, request.query),
  );

  app.post(
    '/v1/portal/maps/share/latest_location/:id',
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
    '/v1/portal/maps/cycles/:id',
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
    '/v1/portal/maps/routes/report',
    // Worked out from every selected machine's route: up to the spec's 180 s.
    {
      config: { access: 'read', expensive: true, feature: 'navigation.routes' },
      schema: { tags: ['maps'], querystring: RouteReportQuery },
    },
    async (request, reply) => {
      const { csv, fileName } = await routeReport(
        db,
        request.organisation,
        request.query,
        request.clientGone,
      );
      return reply
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    '/v1/machines/list',
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
