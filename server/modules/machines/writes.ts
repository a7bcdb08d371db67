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
import { notFound } from '../../httpError.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { listMachines } from './list.ts';
import { archiveMachine, assignOperator, unarchiveMachine, updateMachine } from './edits.ts';
import { assertOwnMachine } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

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
    endpoints.machines.item,
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
      await updateMachine(db, request.auth.org, request.params.id, request.body);
      return row(request.organisation, request.params.id);
    },
  );

  app.post(
    endpoints.machines.archive,
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
      await archiveMachine(db, request.params.id, request.body?.time);
      return row(request.organisation, request.params.id);
    },
  );

  app.post(
    endpoints.machines.unarchive,
    {
      config: { access: 'write' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineRow } },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await unarchiveMachine(db, request.params.id);
      return row(request.organisation, request.params.id);
    },
  );

  app.put(
    endpoints.machines.operator,
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
      await assignOperator(db, request.params.id, { ...request.body, userId: request.auth.sub });
      return row(request.organisation, request.params.id);
    },
  );
};
