// Staff's erasures of whole organisations (docs/privacy.md): asked for here, done in the
// background, and listed with their receipts after the organisation is gone.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { PrivacyJob, PrivacyJobList } from '../../../src/domain/api/privacy.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { jobRecord } from './jobRecord.ts';
import { askForJob, jobsOf } from './jobStore.ts';

const tags = ['privacy'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const staffErasureRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { wake: () => void }
> = async (app, { db, keys, wake }) => {
  app.post(
    endpoints.admin.organisations.erasure,
    { config: { access: 'staff' }, schema: { tags, params: Id, response: { 202: PrivacyJob } } },
    async (request, reply) => {
      const { id } = request.params;
      if (id === request.auth.org)
        throw badRequest('id', 'Staff do not erase their own organisation');
      const [organisation] = await db.query<{ name: string }>(
        'SELECT name FROM organisation WHERE id = $1',
        [id],
      );
      if (!organisation) throw notFound('No such organisation');
      const job = await askForJob(db, {
        organisationId: id,
        kind: 'erase-organisation',
        requestedBy: request.auth.sub,
        request: { organisationId: id },
      });
      wake();
      // Kept with no organisation: the organisation's own trail goes with it.
      await auditRequest(
        db,
        request,
        'data.erasure-requested',
        { jobId: job.id, organisationId: id, name: organisation.name },
        null,
      );
      return reply.code(202).send(await jobRecord(keys, job));
    },
  );

  app.get(
    endpoints.admin.erasures,
    { config: { access: 'staff' }, schema: { tags, response: { 200: PrivacyJobList } } },
    async () => ({
      jobs: await Promise.all(
        (await jobsOf(db, null, ['erase-organisation'])).map((row) => jobRecord(keys, row)),
      ),
    }),
  );
};
