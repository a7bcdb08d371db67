// Report files (issue 18): made in the background on request, listed, downloaded and deleted by
// members, and downloaded by the signed link in a scheduled report's mail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ReportFile, ReportFileListQuery, ReportRequest } from '../../../src/domain/api/reports.ts';
import { unauthorised } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { checkReportRange } from './build.ts';
import { mayRunReport } from './categories.ts';
import {
  deleteReportFile,
  listReportFiles,
  memberReportFile,
  queueReportFile,
  REPORT_FILE_SORTS,
  reportFileBytes,
} from './files.ts';
import { checkFilter, Id, member, tags, type ReportRouteOptions } from './requests.ts';
import { verifyReportFileLink } from './signedLinks.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { CONTENT_TYPES } from '../../documents/contentTypes.ts';

const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

export const reportFileRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (
  app,
  { db, files, keys, wakeReports },
) => {
  app.post(
    endpoints.portal.reports.files,
    {
      config: { access: 'read' },
      schema: { tags, body: ReportRequest, response: { 202: ReportFile } },
    },
    async (request, reply) => {
      const body = request.body;
      checkReportRange(body);
      checkFilter(request.organisation, body.filter);
      await mayRunReport(db, request.auth.org, request.auth.sub, body.type);
      const file = await queueReportFile(db, member(request), body);
      wakeReports();
      return reply.code(202).send(file);
    },
  );

  app.get(
    endpoints.portal.reports.files,
    {
      config: { access: 'read', scope: 'reports:read' },
      schema: { tags, querystring: ReportFileListQuery, response: { 200: Type.Array(ReportFile) } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, REPORT_FILE_SORTS);
      const { files: list, total } = await listReportFiles(db, member(request), params);
      sendRange(reply, 'reportFiles', params.offset, list.length, total);
      return list;
    },
  );

  app.get(
    endpoints.portal.reports.filesItem,
    {
      config: { access: 'read', scope: 'reports:read' },
      schema: { tags, params: Id, response: { 200: ReportFile } },
    },
    async (request) => memberReportFile(db, member(request), request.params.id),
  );

  app.get(
    endpoints.portal.reports.filesDownload,
    { config: { access: 'read', scope: 'reports:read' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await memberReportFile(db, member(request), request.params.id);
      const file = await reportFileBytes(db, files, request.auth.org, request.params.id);
      reply.header('content-disposition', attachment(file.fileName));
      return reply.type(CONTENT_TYPES[file.format]).send(file.bytes);
    },
  );

  app.delete(
    endpoints.portal.reports.filesItem,
    { config: { access: 'read' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await memberReportFile(db, member(request), request.params.id);
      const admin = request.auth.role !== 'viewer';
      await deleteReportFile(db, files, member(request), request.params.id, admin);
      return reply.code(204).send();
    },
  );

  // The link in a scheduled report's mail: the token is the permission, no session needed.
  app.get(
    endpoints.reports.download,
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
      const link = await verifyReportFileLink(keys, request.query.token);
      if (!link) throw unauthorised('This link is invalid or has expired');
      const file = await reportFileBytes(db, files, link.organisationId, link.fileId);
      reply.header('content-disposition', attachment(file.fileName));
      return reply.type(CONTENT_TYPES[file.format]).send(file.bytes);
    },
  );
};
