// The audit trail: GET /v1/admin/audit for staff over every organisation, and
// GET /v1/organisation/audit for an organisation's admins over their own (viewers get 403).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_SORTS, AuditListQuery, AuditListReply } from '../../../src/domain/api/admin.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { readAuditFilter, searchAudit } from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const auditRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  for (const [url, access] of [
    [endpoints.admin.audit, 'staff'],
    [endpoints.organisation.audit, 'write'],
  ] as const) {
    app.get(
      url,
      {
        config: { access },
        schema: { tags: ['audit'], querystring: AuditListQuery, response: { 200: AuditListReply } },
      },
      async (request, reply) => {
        const params = readListParams(request.query, AUDIT_SORTS);
        const staff = access === 'staff';
        const filter = readAuditFilter(params.filter, staff);
        const { records, total } = await searchAudit(
          db,
          staff ? null : request.auth.org,
          filter,
          params,
        );
        sendRange(reply, 'audit', params.offset, records.length, total);
        return records;
      },
    );
  }
};
