// The details screen's edits: group, load capacity, additional information and hour-meter
// corrections. Reads are open to whoever sees the machine; writes to the owner's admins only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AdditionalInformation,
  FormDropDownValues,
  GroupCreateBody,
  GroupsReply,
  HourMeterBody,
  LoadCapacityBody,
  MachineGroup,
  MachineGroupBody,
  MachineSettings,
} from '../../../src/domain/api/machineSettings.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import { CO2_FACTORS } from '../../telemetry/engine/rules.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { getOrganisationSettings } from '../../tenancy/organisation.ts';
import { assertOwnMachine } from './visibility.ts';
import { recomputeHistory } from '../../telemetry/engine/recomputeHistory.ts';

/** Emission stages and tiers an equipment rental fleet meets (EU Stage, US EPA Tier). */
const EMISSION_STANDARDS = [
  'Stage IIIA',
  'Stage IIIB',
  'Stage IV',
  'Stage V',
  'Tier 3',
  'Tier 4 Interim',
  'Tier 4 Final',
  'Electric (zero exhaust)',
];

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Ok = Type.Object({ id: Type.String() });

/** The details screen's settings of one machine. */
export async function machineSettings(db: Queryable, machineId: string): Promise<MachineSettings> {
  const [row] = await db.query<{
    group_id: string | null;
    load_capacity_t: number | null;
    fuel_type: string;
    additional_information: AdditionalInformation;
    hour_meter_h: number | null;
    hour_meter_at: Date | null;
  }>(
    `SELECT group_id, load_capacity_t, fuel_type, additional_information, hour_meter_h, hour_meter_at
       FROM machine WHERE id = $1`,
    [machineId],
  );
  if (!row) throw notFound('No such machine');
  return {
    groupId: row.group_id,
    loadCapacity: row.load_capacity_t,
    // The fuel type is the engine's (it sets the CO2 factor); the rest is the form's own.
    additionalInformation: { ...row.additional_information, fuelType: row.fuel_type },
    hourMeterReading:
      row.hour_meter_at && row.hour_meter_h !== null
        ? { time: row.hour_meter_at.toISOString(), value: row.hour_meter_h }
        : null,
  };
}

/** The organisation's group with this name, made if it does not exist yet. */
export async function groupNamed(db: Queryable, organisationId: string, name: string) {
  const [existing] = await db.query<{ id: string }>(
    'SELECT id FROM machine_group WHERE organisation_id = $1 AND lower(name) = lower($2)',
    [organisationId, name],
  );
  if (existing) return existing.id;
  const [made] = await db.query<{ id: string }>(
    'INSERT INTO machine_group (organisation_id, name) VALUES ($1, $2) RETURNING id',
    [organisationId, name],
  );
  return (made as { id: string }).id;
}

export const machineSettingsRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    '/v1/portal/groups',
    { config: { access: 'read' }, schema: { tags: ['machines'], response: { 200: GroupsReply } } },
    async (request) => ({
      groups: await db.query<MachineGroup>(
        `SELECT g.id, g.name, count(m.id)::int AS "numberOfMachines"
           FROM machine_group g LEFT JOIN machine m ON m.group_id = g.id AND m.archived_at IS NULL
          WHERE g.organisation_id = $1 GROUP BY g.id ORDER BY lower(g.name)`,
        [request.auth.org],
      ),
    }),
  );

  app.post(
    '/v1/portal/groups',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], body: GroupCreateBody, response: { 201: MachineGroup } },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw badRequest('name', 'name cannot be empty');
      const [existing] = await db.query(
        'SELECT 1 FROM machine_group WHERE organisation_id = $1 AND lower(name) = lower($2)',
        [request.auth.org, name],
      );
      if (existing) throw conflict(`There is already a group named '${name}'`);
      const id = await groupNamed(db, request.auth.org, name);
      return reply.code(201).send({ id, name, numberOfMachines: 0 });
    },
  );

  /** One of the organisation's groups with its machine count, or 404. */
  const groupOf = async (organisationId: string, id: string) => {
    const [group] = await db.query<MachineGroup>(
      `SELECT g.id, g.name, count(m.id)::int AS "numberOfMachines"
         FROM machine_group g LEFT JOIN machine m ON m.group_id = g.id AND m.archived_at IS NULL
        WHERE g.organisation_id = $1 AND g.id = $2 GROUP BY g.id`,
      [organisationId, id],
    );
    if (!group) throw notFound('No such group');
    return group;
  };

  app.put(
    '/v1/portal/groups/:id',
    {
      config: { access: 'write' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: GroupCreateBody,
        response: { 200: MachineGroup },
      },
    },
    async (request) => {
      await groupOf(request.auth.org, request.params.id);
      const name = request.body.name.trim();
      if (!name) throw badRequest('name', 'name cannot be empty');
      const [taken] = await db.query(
        `SELECT 1 FROM machine_group WHERE organisation_id = $1 AND lower(name) = lower($2) AND id <> $3`,
        [request.auth.org, name, request.params.id],
      );
      if (taken) throw conflict(`There is already a group named '${name}'`);
      await db.query('UPDATE machine_group SET name = $3 WHERE organisation_id = $1 AND id = $2', [
        request.auth.org,
        request.params.id,
        name,
      ]);
      return groupOf(request.auth.org, request.params.id);
    },
  );

  app.delete(
    '/v1/portal/groups/:id',
    { config: { access: 'write' }, schema: { tags: ['machines'], params: Id } },
    async (request, reply) => {
      await groupOf(request.auth.org, request.params.id);
      // Its machines leave the group (the column's ON DELETE SET NULL); they stay in the fleet.
      await db.query('DELETE FROM machine_group WHERE organisation_id = $1 AND id = $2', [
        request.auth.org,
        request.params.id,
      ]);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/v1/portal/machines/:id/groups',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, body: MachineGroupBody, response: { 200: Ok } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const { groupId } = request.body;
      if (groupId) {
        const [group] = await db.query(
          'SELECT 1 FROM machine_group WHERE id = $1 AND organisation_id = $2',
          [groupId, request.auth.org],
        );
        if (!group) throw badRequest('groupId', 'No such group in this organisation');
      }
      await db.query('UPDATE machine SET group_id = $2 WHERE id = $1', [
        request.params.id,
        groupId,
      ]);
      return { id: request.params.id };
    },
  );

  app.patch(
    '/v1/portal/machines/:id/load_capacity',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, body: LoadCapacityBody, response: { 200: Ok } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await db.query('UPDATE machine SET load_capacity_t = $2 WHERE id = $1', [
        request.params.id,
        request.body.capacity,
      ]);
      return { id: request.params.id };
    },
  );

  app.get(
    '/v1/portal/machines/additional-information/form-drop-down-values',
    {
      config: { access: 'read' },
      schema: { tags: ['machines'], response: { 200: FormDropDownValues } },
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
    '/v1/portal/machines/:id/additional-information',
    {
      // The drop-down values stay open: onboarding reads its mandatory fields from them.
      config: { access: 'write', feature: 'modules.machineAdditionalInformation' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: AdditionalInformation,
        response: { 200: MachineSettings },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const { fuelType, ...rest } = request.body;
      if (fuelType !== undefined && !(fuelType in CO2_FACTORS)) {
        throw badRequest(
          'fuelType',
          `fuelType must be one of ${Object.keys(CO2_FACTORS).join(', ')}`,
        );
      }
      if (rest.emissionStandard && !EMISSION_STANDARDS.includes(rest.emissionStandard)) {
        throw badRequest(
          'emissionStandard',
          `Unknown emission standard '${rest.emissionStandard}'`,
        );
      }
      const mandatory = (await getOrganisationSettings(db, request.organisation)).mandatoryFields;
      const current = await machineSettings(db, request.params.id);
      const next = { ...current.additionalInformation, ...request.body };
      for (const field of mandatory) {
        if (field in next && (next[field as keyof typeof next] ?? '') === '') {
          throw badRequest(field, `${field} is mandatory`);
        }
      }
      await db.query(
        `UPDATE machine SET additional_information = additional_information || $2::jsonb,
                fuel_type = coalesce($3, fuel_type)
          WHERE id = $1`,
        [request.params.id, JSON.stringify(rest), fuelType ?? null],
      );
      // Another fuel burns to another CO2: every day is computed again with the new factor.
      if (fuelType && current.additionalInformation.fuelType !== fuelType) {
        await recomputeHistory(db, rollups, request.params.id);
      }
      return machineSettings(db, request.params.id);
    },
  );

  for (const path of ['/v1/portal/machines/:id/vhm', '/v1/machines/:id/vhm']) {
    app.patch(
      path,
      {
        config: { access: 'write' },
        schema: {
          tags: ['machines'],
          params: Id,
          body: HourMeterBody,
          response: { 200: MachineSettings },
        },
      },
      async (request) => {
        await assertOwnMachine(db, request.auth, request.params.id);
        const { time, value, timezone } = request.body;
        const at = new Date(time);
        if (at.getTime() > Date.now() + 60_000) {
          throw badRequest('time', 'The reading cannot be in the future');
        }
        if (!Intl.supportedValuesOf('timeZone').includes(timezone) && timezone !== 'UTC') {
          throw badRequest('timezone', `Unknown time zone '${timezone}'`);
        }
        await db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO hour_meter_correction (machine_id, read_at, value_h, timezone, user_id)
             VALUES ($1, $2, $3, $4, $5)`,
            [request.params.id, at, value, timezone, request.auth.sub],
          );
          // The machine keeps its latest reading; an older correction only enters the record.
          await tx.query(
            `UPDATE machine SET hour_meter_h = $2, hour_meter_at = $3
              WHERE id = $1 AND (hour_meter_at IS NULL OR hour_meter_at <= $3)`,
            [request.params.id, value, at],
          );
        });
        return machineSettings(db, request.params.id);
      },
    );
  }
};
