// Reports per member (spec point 7): the categories an admin gives each member, the reports a
// member may open, and a report opened as a page by a short-lived signed token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  OrganisationQuery,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_IDS,
  REPORT_TYPES,
  ReportCategoriesReply,
  ReportTokenReply,
  ReportView,
  ReportViewQuery,
  UserReportCategories,
  UserReportsReply,
  categoryOfReport,
  type ReportType,
} from '../../../src/domain/api/reports.ts';
import { reportView } from '../../documents/document.ts';
import { notFound, unauthorised } from '../../httpError.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import { buildReport } from './build.ts';
import {
  categoriesOfMember,
  mayRunReport,
  memberCategories,
  setMemberCategories,
  typesOfCategories,
} from './categories.ts';
import { tags, type ReportRouteOptions } from './requests.ts';
import { signReportView, verifyReportView } from './signedLinks.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const UserId = Type.Object({ userId: Type.String({ format: 'uuid' }) });
const ReportId = Type.Object({ id: Type.Enum(REPORT_TYPES) });
/** How long the token of a report page works; the page asks for another when it runs out. */
const REPORT_VIEW_TTL_S = 15 * 60;

/** The caller's organisation, which organisation_id, when given, must be. */
const ownOrganisation = (request: {
  auth: { org: string };
  query: { organisation_id?: string };
}) => {
  const given = request.query.organisation_id;
  if (given && given !== request.auth.org) throw notFound('No such organisation');
};

export const reportMemberRoutes: FastifyPluginAsyncTypebox<ReportRouteOptions> = async (
  app,
  { db, keys, readModel },
) => {
  app.get(
    endpoints.admin.reports.categories,
    { config: { access: 'write' }, schema: { tags, response: { 200: ReportCategoriesReply } } },
    async () => REPORT_CATEGORY_IDS.map((id) => ({ id, reportTypes: [...REPORT_CATEGORIES[id]] })),
  );

  app.get(
    endpoints.admin.user.reportsCategories,
    {
      config: { access: 'write' },
      schema: { tags, params: UserId, response: { 200: UserReportCategories } },
    },
    async (request) => ({
      categoryIds: await categoriesOfMember(db, request.auth.org, request.params.userId),
    }),
  );

  app.put(
    endpoints.admin.user.reportsCategories,
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

  app.get(
    endpoints.user.reports,
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
    endpoints.user.reportsToken,
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
    endpoints.reports.view,
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
