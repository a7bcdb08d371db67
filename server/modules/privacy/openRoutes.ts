// What needs no session (docs/privacy.md): an export's zip behind its signed link, the public keys
// that verify an erasure's receipt, and a call that says whether the portal signed a receipt.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { ErasureReceipt, PublicKeySet, ReceiptCheck } from '../../../src/domain/api/privacy.ts';
import type { ServerContext } from '../../context.ts';
import { notFound, unauthorised } from '../../httpError.ts';
import { verifyExportLink } from './exportLinks.ts';
import { jobOf } from './jobStore.ts';
import { publicKeySet, verifyReceipt } from './receipt.ts';

const tags = ['privacy'];

export const privacyOpenRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, keys, files },
) => {
  app.get(
    endpoints.privacy.download,
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: Type.Object(
          { token: Type.String({ minLength: 1, maxLength: 2000 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const link = await verifyExportLink(keys, request.query.token);
      if (!link) throw unauthorised('This link is invalid or has expired');
      const job = await jobOf(db, link.organisationId, link.jobId);
      const bytes = job?.file_key ? await files.get(job.file_key) : undefined;
      if (!job || !bytes) throw notFound('This export is no longer kept: ask for a new one');
      const day = new Date(job.created_at).toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="portal-export-${day}.zip"`);
      return reply.type('application/zip').send(bytes);
    },
  );

  app.get(
    endpoints.privacy.keys,
    {
      config: { access: 'public' },
      schema: {
        tags,
        response: { 200: PublicKeySet },
      },
    },
    async () => publicKeySet(keys),
  );

  app.post(
    endpoints.privacy.verify,
    {
      config: { access: 'public' },
      schema: { tags, body: ErasureReceipt, response: { 200: ReceiptCheck } },
    },
    async (request) => ({ valid: await verifyReceipt(keys, request.body) }),
  );
};
