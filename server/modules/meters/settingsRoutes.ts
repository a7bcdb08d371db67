// The organisation's drift threshold, and the drifting meters of every organisation for staff.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { DriftingMeter, MeterDriftSettingsBody } from '../../../src/domain/api/meters.ts';
import type { ServerContext } from '../../context.ts';
import { driftSettings } from './store.ts';

/** The staff list's length: the worst first. */
const DRIFTING_LIMIT = 500;

export const meterSettingsRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    endpoints.organisation.settingsMeters,
    {
      config: { access: 'read' },
      schema: { tags: ['organisation'], response: { 200: MeterDriftSettingsBody } },
    },
    async (request) => driftSettings(db, request.auth.org),
  );

  app.put(
    endpoints.organisation.settingsMeters,
    {
      config: { access: 'write' },
      schema: {
        tags: ['organisation'],
        body: MeterDriftSettingsBody,
        response: { 200: MeterDriftSettingsBody },
      },
    },
    async (request) => {
      const { driftHours, driftPercent } = request.body;
      await db.query(
        `UPDATE organisation
            SET settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{properties}',
                                     coalesce(settings->'properties', '{}'::jsonb)
                                       || jsonb_build_object('meterDriftHours', $2::float8,
                                                             'meterDriftPercent', $3::float8))
          WHERE id = $1`,
        [request.auth.org, driftHours, driftPercent],
      );
      return { driftHours, driftPercent };
    },
  );

  app.get(
    endpoints.admin.machines.meterDrift,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], response: { 200: Type.Array(DriftingMeter) } },
    },
    async () => {
      const rows = await db.query<DriftingMeter>(
        `SELECT m.id AS "machineId", m.name AS "machineName", m.asset_id AS "assetId",
                o.id AS "organisationId", o.name AS "organisationName", m.meter_drift_h AS "driftH"
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE m.meter_drifting
          ORDER BY m.meter_drift_h DESC LIMIT ${DRIFTING_LIMIT}`,
      );
      return rows;
    },
  );
};
