// Exports and erasures as their requesters see them (docs/privacy.md): an organisation's admins
// ask for an export of its data or the erasure of one person or of one machine's positions over a
// range, and follow each; staff erase a whole organisation. Everything is done in the background
// (PrivacyJobWorker); each answer is the job with its progress, its link or its receipt.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import {
  ErasureBody,
  ExportBody,
  PrivacyJob,
  PrivacyJobList,
} from '../../../src/domain/api/privacy.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { checkUserErasure } from './erasureChecks.ts';
import { jobRecord } from './jobRecord.ts';
import { askForJob, jobOf, jobsOf, type JobRow } from './jobStore.ts';

const tags = ['privacy'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
/** The positions of a year at most in one export: a larger fleet's are exported a range at a time. */
const MAX_EXPORT_DAYS = 366;

function range(fromIso: string, toIso: string, toField: string): [Date, Date] {
  const from = new Date(fromIso);
  const to = new Date(toIso);
  if (!(to > from)) throw badRequest(toField, 'The end must come after the start');
  return [from, to];
}

export const privacyJobRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { wake: () => void }
> = async (app, { db, keys, wake }) => {
  const record = (row: JobRow) => jobRecord(keys, row);
  const asked = async (job: Parameters<typeof askForJob>[1]) => {
    const row = await askForJob(db, job);
    wake();
    return record(row);
  };

  app.post(
    endpoints.organisation.exports,
    {
      config: { access: 'write' },
      schema: { tags, body: ExportBody, response: { 202: PrivacyJob } },
    },
    async (request, reply) => {
      const [from, to] = range(request.body.positionsFrom, request.body.positionsTo, 'positionsTo');
      if (to.getTime() - from.getTime() > MAX_EXPORT_DAYS * 86_400_000)
        throw badRequest('positionsTo', `At most ${MAX_EXPORT_DAYS} days of positions at once`);
      const job = await asked({
        organisationId: request.auth.org,
        kind: 'export',
        requestedBy: request.auth.sub,
        request: { positionsFrom: from.toISOString(), positionsTo: to.toISOString() },
      });
      await auditRequest(db, request, 'data.exported', { jobId: job.id, ...request.body });
      return reply.code(202).send(job);
    },
  );

  app.get(
    endpoints.organisation.exports,
    { config: { access: 'write' }, schema: { tags, response: { 200: PrivacyJobList } } },
    async (request) => ({
      jobs: await Promise.all((await jobsOf(db, request.auth.org, ['export'])).map(record)),
    }),
  );

  app.get(
    endpoints.organisation.export,
    { config: { access: 'write' }, schema: { tags, params: Id, response: { 200: PrivacyJob } } },
    async (request) => {
      const row = await jobOf(db, request.auth.org, request.params.id);
      if (!row) throw notFound('No such export or erasure');
      return record(row);
    },
  );

  app.post(
    endpoints.organisation.erasures,
    {
      config: { access: 'write' },
      schema: { tags, body: ErasureBody, response: { 202: PrivacyJob } },
    },
    async (request, reply) => {
      const { body } = request;
      const organisationId = request.auth.org;
      let job: PrivacyJob;
      if (body.kind === 'user') {
        await checkUserErasure(db, organisationId, request.auth.sub, body.userId);
        job = await asked({
          organisationId,
          kind: 'erase-user',
          requestedBy: request.auth.sub,
          request: { userId: body.userId },
        });
      } else {
        const [from, to] = range(body.from, body.to, 'to');
        const [machine] = await db.query(
          'SELECT 1 FROM machine WHERE id = $1 AND organisation_id = $2',
          [body.machineId, organisationId],
        );
        if (!machine) throw notFound('No such machine in this organisation');
        job = await asked({
          organisationId,
          kind: 'erase-positions',
          requestedBy: request.auth.sub,
          request: { machineId: body.machineId, from: from.toISOString(), to: to.toISOString() },
        });
      }
      await auditRequest(db, request, 'data.erasure-requested', { jobId: job.id, ...body });
      return reply.code(202).send(job);
    },
  );

  app.get(
    endpoints.organisation.erasures,
    { config: { access: 'write' }, schema: { tags, response: { 200: PrivacyJobList } } },
    async (request) => ({
      jobs: await Promise.all(
        (await jobsOf(db, request.auth.org, ['erase-user', 'erase-positions'])).map(record),
      ),
    }),
  );
};
