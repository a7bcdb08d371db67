// GET /v1/admin/outbox: the portal's mail, newest first, for staff: where mail is read when no SMTP
// server is configured, and where a failed delivery says why; with each organisation's mail over
// the last day against the mail caps.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MailCapCounts } from '../../../src/domain/api/admin.ts';
import type { ServerContext } from '../../context.ts';
import { conflict, notFound } from '../../httpError.ts';
import { mailCapCounts } from '../mailCaps/index.ts';
import { readOutbox, retryMail } from './outbox.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

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
  /** The mail caps, and what each organisation asked to be mailed over the last 24 hours. */
  mailCaps: MailCapCounts,
});

export const outboxRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, config, files },
) => {
  app.get(
    endpoints.admin.outbox.root,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: Type.Object(
          {
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
            failed: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: OutboxReply },
      },
    },
    async (request) => {
      return {
        mails: await readOutbox(db, request.query.limit ?? 100, request.query.failed),
        mailCaps: await mailCapCounts(db, config.mailCaps),
      };
    },
  );

  // A failed mail sent again as it was written; its row then says whether it went.
  app.post(
    endpoints.admin.outbox.retry,
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 202: Type.Object({ id: Type.String() }) },
      },
    },
    async (request, reply) => {
      const retried = await retryMail(db, config, request.log, request.params.id, files);
      if (retried === null) throw notFound('No such mail');
      if (!retried) {
        throw conflict(
          config.smtpUrl
            ? 'This mail was sent, or its address unsubscribed: there is nothing to retry'
            : 'No SMTP server is configured (SMTP_URL): mail stays in the outbox',
        );
      }
      return reply.code(202).send({ id: request.params.id });
    },
  );
};
