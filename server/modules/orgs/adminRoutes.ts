// Staff's organisation calls: GET /v1/admin/organisations/list (spec point 7) and each
// organisation's settings, GET and PUT /v1/admin/organisations/{id}/settings; a new time zone
// recomputes the organisation's machines' days.
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
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { recordAudit } from '../audit/index.ts';
import { recomputeHistories } from '../../telemetry/engine/recomputeHistory.ts';
import { getOrganisation } from '../../tenancy/organisation.ts';
import {
  listOrganisations,
  organisationSettingsRecord,
  updateOrganisationSettings,
} from './adminSettings.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const organisationAdminRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups, organisations }) => {
  app.get(
    endpoints.admin.organisations.list,
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
    endpoints.admin.organisations.settings,
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
    endpoints.admin.organisations.settings,
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
      const before = await getOrganisation(db, request.params.id);
      const record = await updateOrganisationSettings(db, request.params.id, request.body);
      organisations.forget(request.params.id);
      if (!before || !record) throw notFound('No such organisation');
      if (record.timezone !== before.timezone) {
        // Its days are now other hours: every machine's days are counted again, in the background.
        const machines = await db.query<{ id: string }>(
          'SELECT id FROM machine WHERE organisation_id = $1',
          [record.id],
        );
        await recomputeHistories(
          db,
          rollups,
          machines.map((machine) => machine.id),
          { dayBefore: true },
        );
      }
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
