// GET /v1/admin/outbox: the portal's mail, newest first, for staff: where mail is read when no SMTP
// server is configured, and where a failed delivery says why.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ServerContext } from '../../context.ts';
import { readOutbox } from './outbox.ts';

const OutboxReply = Type.Object({
  mails: Type.Array(
    Type.Object({
      id: Type.String(),
      to: Type.String(),
      subject: Type.String(),
      body: Type.String(),
      createdAt: Type.String(),
      sentAt: Type.Union([Type.String(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
      /** The name of the file that goes with it, if one does. */
      attachmentName: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

export const outboxRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    '/v1/admin/outbox',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: OutboxReply },
      },
    },
    async (request) => {
      return { mails: await readOutbox(db, request.query.limit ?? 100) };
    },
  );
};
