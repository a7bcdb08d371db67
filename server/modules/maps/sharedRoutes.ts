// GET /v1/shared/latest_location/{token}: what the read-only page of a shared location shows. No
// sign-in: the unguessable token is the permission, until it expires (410).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SharedLocationReply } from '../../../src/domain/api/share.ts';
import type { ServerContext } from '../../context.ts';
import { sharedLocation } from './share.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const sharedLocationRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config },
) => {
  app.get(
    endpoints.shared.latestLocationItem,
    {
      config: { access: 'public' },
      schema: {
        tags: ['maps'],
        params: Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) }),
        response: { 200: SharedLocationReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sharedLocation(db, config, request.params.token);
    },
  );
};
