// A machine's fuel: the chart (tank level with its refills and thefts, litres and CO2 a day) and
// the settings that decide what counts as a refill or a theft; a change to them recomputes the
// machine's whole history. The tank calibration is in fuelCalibrationRoutes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FuelQuery, FuelReply, FuelSettings } from '../../../src/domain/api/machineSettings.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { recomputeHistory } from '../../telemetry/engine/recomputeHistory.ts';
import { DEFAULT_MIN_DIPPING_L, DEFAULT_MIN_REFUELLING_L } from '../../telemetry/engine/rules.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { fuelChart } from './fuelChart.ts';
import { fuelSettingsOf, saveFuelSettings } from './fuelSettings.ts';
import { assertOwnMachine, machineVisibility } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const fuelRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    endpoints.portal.fuel.item,
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: FuelQuery,
        response: { 200: FuelReply },
      },
    },
    async (request) => {
      const visibility = await machineVisibility(db, request.auth.org, request.params.id);
      if (!visibility) throw notFound('No such machine');
      return fuelChart(db, request.params.id, visibility, request.query);
    },
  );

  const saveSettings = async (id: string, settings: FuelSettings) => {
    if (await saveFuelSettings(db, id, settings)) await recomputeHistory(db, rollups, id);
    return settings;
  };

  app.get(
    endpoints.portal.machines.fuelSettings,
    {
      config: { access: 'read', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: Type.Object(
          { reset: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: { 200: FuelSettings },
      },
    },
    async (request) => {
      if (request.query.reset) {
        await assertOwnMachine(db, request.auth, request.params.id);
        return saveSettings(request.params.id, {
          min_refuelling_amount: DEFAULT_MIN_REFUELLING_L,
          min_dipping_amount: DEFAULT_MIN_DIPPING_L,
        });
      }
      if (!(await machineVisibility(db, request.auth.org, request.params.id))) {
        throw notFound('No such machine');
      }
      return fuelSettingsOf(db, request.params.id);
    },
  );

  app.put(
    endpoints.portal.machines.fuelSettings,
    {
      config: { access: 'write', feature: 'modules.fuel' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: FuelSettings,
        response: { 200: FuelSettings },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      return saveSettings(request.params.id, request.body);
    },
  );
};
