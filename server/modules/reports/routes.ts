// The reports API (issue 18): report files made in the background, scheduled reports and their
// runs, report categories per member (spec point 7), and a report opened as a page by a token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  OrganisationQuery,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_IDS,
  REPORT_TYPES,
  ReportCategoriesReply,
  ReportFile,
  ReportFileListQuery,
  ReportRequest,
  ReportRun,
  ReportSchedule,
  ReportScheduleBody,
  ReportTokenReply,
  ReportView,
  ReportViewQuery,
  UserReportCategories,
  UserReportsReply,
  categoryOfReport,
  type ReportType,
} from '../../../src/domain/api/reports.ts';
import type { ServerContext } from '../../context.ts';
import { notFound, unauthorised } from '../../httpError.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { filterWithPairs } from '../filters/index.ts';
import { selectMachines } from '../../readModel/selection.ts';
import { reserveMail } from '../mailCaps/index.ts';
import { getOrganisation, type Organisation } from '../../tenancy/organisation.ts';
import { buildReport, checkReportRange } from './build.ts';
import {
  categoriesOfMember,
  mayRunReport,
  memberCategories,
  setMemberCategories,
  typesOfCategories,
} from './categories.ts';
import {
  deleteReportFile,
  listReportFiles,
  memberReportFile,
  queueReportFile,
  REPORT_FILE_SORTS,
  reportFileBytes,
} from './files.ts';
import { reportView } from '../../documents/document.ts';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listRuns,
  listSchedules,
  runScheduleNow,
  scheduleRow,
  updateSchedule,
} from './schedules.ts';
import { signReportView, verifyReportFileLink, verifyReportView } from './signedLinks.ts';

const tags = ['reports'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const UserId = Type.Object({ userId: Type.String({ format: 'uuid' }) });
const ReportId = Type.Object({ id: Type.Enum(REPORT_TYPES) });
/** How long the token of a report page works; the page asks for another when it runs out. */
const REPORT_VIEW_TTL_S = 15 * 60;

/**
 * The machine list's filter is read before the work is queued, as the list reads it (its groups,
 * keys and ids in the organisation's terms): a bad one is a 400 now, not a failed file later.
 */
const checkFilter = (organisation: Organisation, filter: string | null | undefined) => {
  const encoded = filterWithPairs({ filter: filter ?? undefined }, []);
  if (encoded) selectMachines(organisation, { start: 'max', end: 'max', filter: encoded });
};

const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;
const contentType = (format: 'csv' | 'pdf') =>
  format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf';

export interface ReportRouteOptions extends ServerContext {
  /** Told when work is queued, so it starts at once. */
  wakeReports: () => void;
}

export const reportRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (
  app,
  { db, files, keys, wakeReports, readModel, config },
) => {
  const member = (request: { auth: { org: string; sub: string } }) => ({
    organisationId: request.auth.org,
    userId: request.auth.sub,
  });

  app.post(
    '/v1/portal/reports/files',
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
    '/v1/portal/reports/files',
    {
      config: { access: 'read' },
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
    '/v1/portal/reports/files/:id',
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: ReportFile } } },
    async (request) => memberReportFile(db, member(request), request.params.id),
  );

  app.get(
    '/v1/portal/reports/files/:id/download',
    { config: { access: 'read' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await memberReportFile(db, member(request), request.params.id);
      const file = await reportFileBytes(db, files, request.auth.org, request.params.id);
      reply.header('content-disposition', attachment(file.fileName));
      return reply.type(contentType(file.format)).send(file.bytes);
    },
  );

  app.delete(
    '/v1/portal/reports/files/:id',
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
    '/v1/reports/download',
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
      return reply.type(contentType(file.format)).send(file.bytes);
    },
  );

  // Scheduled reports.
  app.get(
    '/v1/portal/reports/schedules',
    {
      config: { access: 'read' },
      schema: { tags, response: { 200: Type.Array(ReportSchedule) } },
    },
    async (request, reply) => {
      const schedules = await listSchedules(db, request.auth.org);
      sendRange(reply, 'reportSchedules', 0, schedules.length, schedules.length);
      return schedules;
    },
  );

  app.get(
    '/v1/portal/reports/schedules/:id',
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: ReportSchedule } } },
    async (request) => getSchedule(db, request.auth.org, request.params.id),
  );

  const checkSchedule = async (
    request: { auth: { org: string; sub: string }; organisation: Organisation },
    body: ReportScheduleBody,
  ) => {
    checkFilter(request.organisation, body.filter);
    await mayRunReport(db, request.auth.org, request.auth.sub, body.type);
  };

  app.post(
    '/v1/portal/reports/schedules',
    {
      config: { access: 'write' },
      schema: { tags, body: ReportScheduleBody, response: { 201: ReportSchedule } },
    },
    async (request, reply) => {
      await checkSchedule(request, request.body);
      const schedule = await createSchedule(db, member(request), request.body);
      wakeReports();
      return reply.code(201).send(schedule);
    },
  );

  app.put(
    '/v1/portal/reports/schedules/:id',
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: ReportScheduleBody, response: { 200: ReportSchedule } },
    },
    async (request) => {
      // Another organisation's id is a 404 before anything about the body.
      await scheduleRow(db, request.auth.org, request.params.id);
      await checkSchedule(request, request.body);
      return updateSchedule(db, request.auth.org, request.params.id, request.body);
    },
  );

  app.delete(
    '/v1/portal/reports/schedules/:id',
    { config: { access: 'write' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await deleteSchedule(db, request.auth.org, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/v1/portal/reports/schedules/:id/run',
    { config: { access: 'write' }, schema: { tags, params: Id, response: { 202: ReportRun } } },
    async (request, reply) => {
      // Asked for now, so counted against the mail caps now: a refusal comes back to the asker.
      const schedule = await getSchedule(db, request.auth.org, request.params.id);
      await reserveMail(
        db,
        config.mailCaps,
        {
          organisationId: request.auth.org,
          userId: request.auth.sub,
          kind: 'report-run',
          members: schedule.recipientUserIds.length,
          outside: schedule.recipientEmails.length,
        },
        'id',
      );
      const run = await runScheduleNow(db, request.auth.org, request.params.id);
      wakeReports();
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/v1/portal/reports/schedules/:id/runs',
    {
      config: { access: 'read' },
      schema: { tags, params: Id, response: { 200: Type.Array(ReportRun) } },
    },
    async (request) => listRuns(db, request.auth.org, request.params.id, 50),
  );

  // Report categories per member (spec point 7).
  app.get(
    '/v1/admin/reports/categories',
    { config: { access: 'write' }, schema: { tags, response: { 200: ReportCategoriesReply } } },
    async () => REPORT_CATEGORY_IDS.map((id) => ({ id, reportTypes: [...REPORT_CATEGORIES[id]] })),
  );

  app.get(
    '/v1/admin/user/:userId/reports/categories',
    {
      config: { access: 'write' },
      schema: { tags, params: UserId, response: { 200: UserReportCategories } },
    },
    async (request) => ({
      categoryIds: await categoriesOfMember(db, request.auth.org, request.params.userId),
    }),
  );

  app.put(
    '/v1/admin/user/:userId/reports/categories',
    {
      config: { access: 'write' },
      schema: {
        tags,
        params: UserId,
        body: UserReportCategories,
        response: { 200: UserReportCategories },
      },
    },
    async (request) => ({
      categoryIds: await setMemberCategories(
        db,
        request.auth.org,
        request.params.userId,
        request.body.categoryIds,
      ),
    }),
  );

  /** The caller's organisation, which organisation_id, when given, must be. */
  const ownOrganisation = (request: {
    auth: { org: string };
    query: { organisation_id?: string };
  }) => {
    const given = request.query.organisation_id;
    if (given && given !== request.auth.org) throw notFound('No such organisation');
  };

  app.get(
    '/v1/user/reports',
    {
      config: { access: 'read' },
      schema: { tags, querystring: OrganisationQuery, response: { 200: UserReportsReply } },
    },
    async (request) => {
      ownOrganisation(request);
      const categories = (await memberCategories(db, request.auth.org, request.auth.sub)) ?? [];
      return {
        reportsList: typesOfCategories(categories).map((id) => ({
          id,
          category: categoryOfReport(id),
          url: `/mm-reports?report=${id}`,
        })),
      };
    },
  );

  app.get(
    '/v1/user/reports/:id/token',
    {
      config: { access: 'read' },
      schema: {
        tags,
        params: ReportId,
        querystring: OrganisationQuery,
        response: { 200: ReportTokenReply },
      },
    },
    async (request) => {
      ownOrganisation(request);
      await mayRunReport(db, request.auth.org, request.auth.sub, request.params.id);
      const nowMs = Date.now();
      return {
        token: await signReportView(
          keys,
          {
            organisationId: request.auth.org,
            userId: request.auth.sub,
            reportType: request.params.id,
          },
          REPORT_VIEW_TTL_S,
          nowMs,
        ),
        expiresAt: new Date(nowMs + REPORT_VIEW_TTL_S * 1000).toISOString(),
      };
    },
  );

  // A report as a page: the figures its PDF draws, for the token's report and member.
  app.get(
    '/v1/reports/view',
    {
      config: { access: 'public', expensive: true },
      schema: { tags, querystring: ReportViewQuery, response: { 200: ReportView } },
    },
    async (request) => {
      const claims = await verifyReportView(keys, request.query.token);
      if (!claims) throw unauthorised('The report token is invalid or has expired');
      const type = claims.reportType as ReportType;
      // Still a member with the category: a token outlives neither.
      await mayRunReport(db, claims.organisationId, claims.userId, type);
      const organisation = await getOrganisation(db, claims.organisationId);
      if (!organisation) throw unauthorised('The report token is invalid or has expired');
      const { start, end, site } = request.query;
      const document = await buildReport(readModel, organisation, {
        type,
        format: 'pdf',
        start,
        end,
        ...(site ? { site } : {}),
      });
      return reportView(document);
    },
  );
};
