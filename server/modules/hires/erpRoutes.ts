// The ERP's calls (docs/rental.md "ERP sync"): a hire upserted by contract number and asset id, and
// a CSV of hires, sent as a multipart file or as the body itself (text/csv), dry run by default.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ContractHireBody,
  ContractHireParams,
  Hire,
  HireImportQuery,
  HireImportReply,
} from '../../../src/domain/api/hires.ts';
import { badRequest, badRows } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { MAX_IMPORT_BYTES, parseHireCsv } from './csv.ts';
import { importHires, upsertByContract } from './erp.ts';
import { getHire } from './store.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { type HireContext, tags } from './routes.ts';

/** The CSV's text, from a multipart file or a text/csv body. */
async function csvText(request: FastifyRequest): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  if (!request.isMultipart()) {
    throw badRequest('file', 'Send the hires as a multipart file or a text/csv body');
  }
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
  if (!file) throw badRequest('file', 'No file was sent');
  const bytes = await file.toBuffer();
  if (file.file.truncated)
    throw badRequest('file', `The file is larger than ${MAX_IMPORT_BYTES} bytes`);
  return bytes.toString('utf8');
}

export const hireErpRoutes: FastifyPluginAsyncTypebox<HireContext> = async (
  app,
  { db, rollups },
) => {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    endpoints.portal.hires.byContract,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: {
        tags,
        params: ContractHireParams,
        body: ContractHireBody,
        response: { 200: Hire, 201: Hire },
      },
    },
    async (request, reply) => {
      const { contractNumber, assetId } = request.params;
      const writer = { db, rollups, organisation: request.organisation };
      const result = await upsertByContract(writer, contractNumber, assetId, request.body);
      const hire = await getHire(db, request.auth.org, result.hireId);
      if (result.action !== 'unchanged') {
        const action = result.action === 'create' ? 'hire.created' : 'hire.edited';
        await auditRequest(db, request, action, { ...hire, via: 'erp' });
      }
      return reply.code(result.action === 'create' ? 201 : 200).send(hire);
    },
  );

  app.post(
    endpoints.portal.hires.import,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, querystring: HireImportQuery, response: { 200: HireImportReply } },
    },
    async (request) => {
      const { rows, errors } = parseHireCsv(await csvText(request));
      if (errors.length > 0) {
        throw badRows('file', `${errors.length} row(s) were refused; nothing was changed`, errors);
      }
      const writer = { db, rollups, organisation: request.organisation };
      const result = await importHires(writer, rows, request.query.apply === true);
      if (result.applied) {
        await auditRequest(db, request, 'hire.imported', {
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
        });
      }
      return result;
    },
  );
};
