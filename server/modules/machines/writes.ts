// Changing a machine: its descriptors, and archiving it out of the fleet and back. Only the
// owner's admins and staff may; a viewer gets 403, a customer 403 on a machine hired to it, and
// anyone else 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MachineArchiveBody,
  MachineOperatorBody,
  MachineRow,
  MachineUpdateBody,
} from '../../../src/domain/api/machines.ts';
import { encodeFilter } from '../../../src/domain/filterQuery.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { listMachines } from './list.ts';
import { groupNamed } from './settings.ts';
import { assertOwnMachine } from './visibility.ts';

/** Body field to column. */
const COLUMNS: Record<keyof MachineUpdateBody, string> = {
  name: 'name',
  assetId: 'asset_id',
  category: 'category',
  type: 'type',
  oem: 'oem',
  model: 'model',
  manufacturingYear: 'manufacturing_year',
  ownershipType: 'ownership_type',
  owner: 'owner',
  group: 'group_id',
  note: 'note',
  pin: 'pin',
  serialNumber: 'serial_number',
};

export const machineWriteRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, readModel },
) => {
  const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
  const row = async (organisation: Organisation, id: string) => {
    const { machines } = await listMachines(readModel, organisation, {
      start: 'max',
      end: 'max',
      show: 'all',
      filter: encodeFilter({ machine: [id] }),
    });
    if (!machines[0]) throw notFound('No such machine');
    return machines[0];
  };

  app.put(
    '/v1/machines/:id',
    {
      config: { access: 'write' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: MachineUpdateBody,
        response: { 200: MachineRow },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const entries = Object.entries(request.body) as [keyof MachineUpdateBody, unknown][];
      const values = entries.map(([, value]) =>
        typeof value === 'string' ? value.trim() || null : (value ?? null),
      );
      if (entries.some(([key], i) => key === 'name' && values[i] === null)) {
        throw badRequest('name', 'name cannot be empty');
      }
      // A group is named here; the machine joins the organisation's group of that name.
      const group = entries.findIndex(([key]) => key === 'group');
      if (group >= 0 && typeof values[group] === 'string') {
        values[group] = await groupNamed(db, request.auth.org, values[group]);
      }
      await db.query(
        `UPDATE machine SET ${entries.map(([key], i) => `${COLUMNS[key]} = $${i + 2}`).join(', ')}
          WHERE id = $1`,
        [request.params.id, ...(values as (string | number | null)[])],
      );
      return row(request.organisation, request.params.id);
    },
  );

  app.post(
    '/v1/machines/:id/archive',
    {
      config: { access: 'write' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: Type.Optional(MachineArchiveBody),
        response: { 200: MachineRow },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const at = request.body?.time ? new Date(request.body.time) : new Date();
      if (at.getTime() > Date.now() + 60_000) {
        throw badRequest('time', 'The archive time cannot be in the future');
      }
      const updated = await db.query(
        'UPDATE machine SET archived_at = $2 WHERE id = $1 AND archived_at IS NULL RETURNING id',
        [request.params.id, at],
      );
      if (updated.length === 0) throw conflict('The machine is already archived');
      return row(request.organisation, request.params.id);
    },
  );

  app.post(
    '/v1/machines/:id/unarchive',
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineRow } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const updated = await db.query(
        'UPDATE machine SET archived_at = NULL WHERE id = $1 AND archived_at IS NOT NULL RETURNING id',
        [request.params.id],
      );
      if (updated.length === 0) throw conflict('The machine is not archived');
      return row(request.organisation, request.params.id);
    },
  );

  app.put(
    '/v1/machines/:id/operator',
    {
      config: { access: 'write' },
      schema: {
        tags: ['machines'],
        params: Id,
        body: MachineOperatorBody,
        response: { 200: MachineRow },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      const name = request.body.operator?.trim() || null;
      if (request.body.operator !== null && name === null)
        throw badRequest('operator', 'operator cannot be blank');
      await db.transaction(async (tx) => {
        if (name === null) {
          await tx.query('DELETE FROM machine_operator WHERE machine_id = $1', [request.params.id]);
          return;
        }
        await tx.query(
          `INSERT INTO machine_operator (machine_id, name, assigned_at, assigned_by)
           VALUES ($1, $2, now(), $3)
           ON CONFLICT (machine_id) DO UPDATE
             SET name = EXCLUDED.name, assigned_at = EXCLUDED.assigned_at, assigned_by = EXCLUDED.assigned_by`,
          [request.params.id, name, request.auth.sub],
        );
        if (!request.body.nameKey) return;
        const named = await tx.query(
          `INSERT INTO operator_key (organisation_id, key, name)
           SELECT m.organisation_id, s.driver_key, $2 FROM machine m
             JOIN source s ON s.machine_id = m.id AND s.driver_key IS NOT NULL
            WHERE m.id = $1
            ORDER BY s.driver_key_at DESC LIMIT 1
           ON CONFLICT (organisation_id, key) DO UPDATE SET name = EXCLUDED.name
           RETURNING key`,
          [request.params.id, name],
        );
        if (named.length === 0)
          throw badRequest('nameKey', "The machine's tracker has reported no operator key");
      });
      return row(request.organisation, request.params.id);
    },
  );
};
