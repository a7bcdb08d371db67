// Documents (issue 18, spec point 2's /files): upload to a machine, a site or the organisation,
// list with filter and dates, download, delete. Behind the organisation's documents module.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  DocumentListQuery,
  DocumentRecord,
  DocumentUploadQuery,
} from '../../../src/domain/api/documents.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import {
  addDocument,
  deleteDocument,
  DOCUMENT_SORTS,
  documentBytes,
  listDocuments,
  readDocumentFilter,
} from './documents.ts';
import { readUpload } from '../../storage/upload.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const feature = 'modules.documents' as const;
const tags = ['files'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const documentRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, files, config },
) => {
  app.get(
    endpoints.portal.files.root,
    {
      config: { access: 'read', feature },
      schema: {
        tags,
        querystring: DocumentListQuery,
        response: { 200: Type.Array(DocumentRecord) },
      },
    },
    async (request, reply) => {
      const params = readListParams(request.query, DOCUMENT_SORTS);
      const filter = readDocumentFilter(params.filter);
      const { documents, total } = await listDocuments(db, request.auth.org, filter, params);
      sendRange(reply, 'files', params.offset, documents.length, total);
      return documents;
    },
  );

  app.post(
    endpoints.portal.files.root,
    {
      config: { access: 'write', feature },
      schema: { tags, querystring: DocumentUploadQuery, response: { 201: DocumentRecord } },
    },
    async (request, reply) => {
      const { bytes, filename } = await readUpload(request, {
        field: 'file',
        noun: 'document',
        maxBytes: config.documentMaxBytes,
      });
      if (bytes.length === 0) throw badRequest('file', 'The file is empty');
      const record = await addDocument(
        db,
        files,
        { organisationId: request.auth.org, userId: request.auth.sub },
        { name: filename, bytes, ...request.query },
      );
      return reply.code(201).send(record);
    },
  );

  app.get(
    endpoints.portal.files.download,
    { config: { access: 'read', feature }, schema: { tags, params: Id } },
    async (request, reply) => {
      const { record, bytes } = await documentBytes(db, files, request.auth.org, request.params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="${record.name.replace(/[^\w.-]/g, '_')}"`,
      );
      return reply.type(record.contentType).send(bytes);
    },
  );

  app.delete(
    endpoints.portal.files.item,
    { config: { access: 'write', feature }, schema: { tags, params: Id } },
    async (request, reply) => {
      await deleteDocument(db, files, request.auth.org, request.params.id);
      return reply.code(204).send();
    },
  );
};
