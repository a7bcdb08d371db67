// The drifting meters of every organisation, for staff: the worst first.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { DriftingMeter } from '../../../src/domain/api/meters.ts';
import type { ServerContext } from '../../context.ts';

const DRIFTING_LIMIT = 500;

export const driftRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.admin.machines.meterDrift,
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], response: { 200: Type.Array(DriftingMeter) } },
    },
    async () =>
      db.query<DriftingMeter>(
        `SELECT m.id AS "machineId", m.name AS "machineName", m.asset_id AS "assetId",
                o.id AS "organisationId", o.name AS "organisationName", m.meter_drift_h AS "driftH"
           FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE m.meter_drifting
          ORDER BY m.meter_drift_h DESC LIMIT ${DRIFTING_LIMIT}`,
      ),
  );
};
