// Staff configure the OEM feeds the server polls: list, add, change, remove, and poll now.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  OemFeed,
  OemFeedBody,
  OemFeedList,
  OemFeedEquipmentReply,
  OemFeedPollReply,
} from '../../../src/domain/api/oemFeeds.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import type { OemFeedPoller } from '../../telemetry/pollers/oemFeedPoller.ts';
import { createFeed, deleteFeed, feedEquipment, listFeeds, updateFeed } from './feeds.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const schema = { tags: ['admin'] };
const config = { access: 'staff' as const };

export const oemFeedRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { oemFeeds: OemFeedPoller }
> = async (app, { db, config: settings, oemFeeds }) => {
  const allowPrivate = settings.oemFeedAllowPrivate;

  app.get(
    endpoints.admin.oemFeeds.root,
    { config, schema: { ...schema, response: { 200: OemFeedList } } },
    async () => ({ feeds: await listFeeds(db) }),
  );

  app.post(
    endpoints.admin.oemFeeds.root,
    { config, schema: { ...schema, body: OemFeedBody, response: { 201: OemFeed } } },
    async (request, reply) =>
      reply.code(201).send(await createFeed(db, request.body, allowPrivate)),
  );

  app.put(
    endpoints.admin.oemFeeds.item,
    { config, schema: { ...schema, params: Id, body: OemFeedBody, response: { 200: OemFeed } } },
    async (request) => updateFeed(db, request.params.id, request.body, allowPrivate),
  );

  app.delete(
    endpoints.admin.oemFeeds.item,
    { config, schema: { ...schema, params: Id } },
    async (request, reply) => {
      await deleteFeed(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    endpoints.admin.oemFeeds.poll,
    { config, schema: { ...schema, params: Id, response: { 200: OemFeedPollReply } } },
    async (request) => {
      const result = await oemFeeds.poll(request.params.id);
      if (!result) throw notFound('No such OEM feed');
      return result;
    },
  );

  app.get(
    endpoints.admin.oemFeeds.equipment,
    { config, schema: { ...schema, params: Id, response: { 200: OemFeedEquipmentReply } } },
    async (request) => feedEquipment(db, request.params.id),
  );
};
