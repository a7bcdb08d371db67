// The details screen's edits: load capacity and additional information (the hour meter is the
// meters module's).
// Reads are open to whoever sees the machine; writes to the owner's admins only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AdditionalInformation,
  FormDropDownValues,
  LoadCapacityBody,
  MachineSettings,
} from '../../../src/domain/api/machineSettings.ts';
import type { ServerContext } from '../../context.ts';
import { CO2_FACTORS } from '../../telemetry/engine/rules.ts';
import { recomputeHistory } from '../../telemetry/engine/recomputeHistory.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { getOrganisationSettings } from '../../tenancy/organisation.ts';
import {
  EMISSION_STANDARDS,
  machineSettings,
  saveAdditionalInformation,
  setLoadCapacity,
} from './settings.ts';
import { assertOwnMachine } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tags = ['machines'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const machineSettingsRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.patch(
    endpoints.portal.machines.loadCapacity,
    {
      config: { access: 'write' },
      schema: {
        tags,
        params: Id,
        body: LoadCapacityBody,
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await setLoadCapacity(db, request.params.id, request.body.capacity);
      return { id: request.params.id };
    },
  );

  app.get(
    endpoints.portal.machines.additionalInformationFormDropDownValues,
    {
      config: { access: 'read' },
      schema: { tags, response: { 200: FormDropDownValues } },
    },
    async (request) => {
      const settings = await getOrganisationSettings(db, request.organisation);
      return {
        fuelType: Object.keys(CO2_FACTORS),
        emissionStandard: EMISSION_STANDARDS,
        mandatoryFields: settings.mandatoryFields,
      };
    },
  );

  app.patch(
    endpoints.portal.machines.additionalInformation,
    {
      // The drop-down values stay open: onboarding reads its mandatory fields from them.
      config: { access: 'write', feature: 'modules.machineAdditionalInformation' },
      schema: {
        tags,
        params: Id,
        body: AdditionalInformation,
        response: { 200: MachineSettings },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const { mandatoryFields } = await getOrganisationSettings(db, request.organisation);
      const saved = await saveAdditionalInformation(
        db,
        request.params.id,
        request.body,
        mandatoryFields,
      );
      // Another fuel burns to another CO2: every day is computed again with the new factor.
      if (saved.fuelChanged) await recomputeHistory(db, rollups, request.params.id);
      return machineSettings(db, request.params.id);
    },
  );
};
