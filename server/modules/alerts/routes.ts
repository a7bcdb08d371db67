// The organisation's alerts as a list (/v1/portal/alerts), how many the member has not seen, and
// marking them seen; the notifications module gates all three. Reading them is every member's own
// business, viewers included.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ALERT_SORTS,
  AlertListQuery,
  AlertListReply,
  UnreadAlertsReply,
} from '../../../src/domain/api/alerts.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { listAlerts, markAlertsSeen, readAlertFilter, unreadAlerts } from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const feature = 'modules.notifications' as const;
const tags = ['alerts'];

export const alertRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  const memberOf = (request: { auth: { sub: string; org: string } }) => ({
    userId: request.auth.sub,
    organisationId: request.auth.org,
  });

  app.get(
    endpoints.portal.alerts.root,
    {
      config: { access: 'read', feature },
      schema: { tags, querystring: AlertListQuery, response: { 200: AlertListReply } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, ALERT_SORTS);
      const filter = readAlertFilter(params.filter);
      const { alerts, total } = await listAlerts(db, memberOf(request), filter, params);
      sendRange(reply, 'alerts', params.offset, alerts.length, total);
      return alerts;
    },
  );

  app.get(
    endpoints.portal.alerts.unread,
    {
      config: { access: 'read', feature },
      schema: { tags, response: { 200: UnreadAlertsReply } },
    },
    async (request) => ({ unread: await unreadAlerts(db, memberOf(request)) }),
  );

  app.post(
    endpoints.portal.alerts.seen,
    {
      config: { access: 'read', feature },
      schema: { tags, response: { 200: UnreadAlertsReply } },
    },
    async (request) => {
      await markAlertsSeen(db, memberOf(request));
      return { unread: 0 };
    },
  );
};
