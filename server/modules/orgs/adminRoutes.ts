// Staff's organisation calls: GET /v1/admin/organisations/list (spec point 7) and each
// organisation's settings, GET and PUT /v1/admin/organisations/{id}/settings.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  OrganisationListQuery,
  OrganisationListReply,
  OrganisationSettingsBody,
  OrganisationSettingsRecord,
} from '../../../src/domain/api/organisations.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { recordAudit } from '../accounts/audit.ts';
import {
  listOrganisations,
  organisationSettingsRecord,
  updateOrganisationSettings,
} from './adminSettings.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const organisationAdminRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    '/v1/admin/organisations/list',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: OrganisationListQuery,
        response: { 200: OrganisationListReply },
      },
    },
    async (request) => listOrganisations(db, request.query),
  );

  app.get(
    '/v1/admin/organisations/:id/settings',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], params: Id, response: { 200: OrganisationSettingsRecord } },
    },
    async (request) => {
      const record = await organisationSettingsRecord(db, request.params.id);
      if (!record) throw notFound('No such organisation');
      return record;
    },
  );

  app.put(
    '/v1/admin/organisations/:id/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        params: Id,
        body: OrganisationSettingsBody,
        response: { 200: OrganisationSettingsRecord },
      },
    },
    async (request) => {
      const record = await updateOrganisationSettings(db, request.params.id, request.body);
      if (!record) throw notFound('No such organisation');
      await recordAudit(db, {
        action: 'organisation.settings-changed',
        organisationId: record.id,
        actorUserId: request.auth.sub,
        subjectUserId: null,
        details: request.body,
      });
      return record;
    },
  );
};
