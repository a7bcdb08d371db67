// GET /v1/portal/maps, /maps/live, /maps/summary and /maps/layers (spec point 7, "Maps";
// docs/api.md "Maps"). Routes, trips and heat are in trackRoutes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MapsLiveQuery,
  MapsQuery,
  MapsReply,
  MapsSummaryReply,
} from '../../../src/domain/api/maps.ts';
import { MACHINE_SHOW } from '../../../src/domain/api/machines.ts';
import { MapLayersReply } from '../../../src/domain/api/mapLayers.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../httpError.ts';
import { mapMachines, mapSummary, mapWithValidity } from './service.ts';
import { answerKey, sendSerialised, serialised } from '../../readModel/serialisedReply.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

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
    endpoints.portal.maps.root,
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
    endpoints.portal.maps.live,
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
    endpoints.portal.maps.summary,
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
      return mapSummary(db, request.organisation, request.query);
    },
  );

  app.get(
    endpoints.portal.maps.layers,
    { config: { access: 'read' }, schema: { tags: ['maps'], response: { 200: MapLayersReply } } },
    async () => ({ layers: config.mapTileLayers }),
  );
};
