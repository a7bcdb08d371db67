// Machine groups (the list's Group filter and column): listed to readers, named, renamed and
// deleted by the organisation's admins, and a machine put in one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  GroupCreateBody,
  GroupsReply,
  MachineGroup,
  MachineGroupBody,
} from '../../../src/domain/api/machineSettings.ts';
import type { ServerContext } from '../../context.ts';
import {
  createGroup,
  deleteGroup,
  groupName,
  groupOf,
  listGroups,
  renameGroup,
  setMachineGroup,
} from './groups.ts';
import { assertOwnMachine } from './visibility.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const tags = ['machines'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const machineGroupRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.groups.root,
    { config: { access: 'read' }, schema: { tags, response: { 200: GroupsReply } } },
    async (request) => ({ groups: await listGroups(db, request.auth.org) }),
  );

  app.post(
    endpoints.portal.groups.root,
    {
      config: { access: 'write' },
      schema: { tags, body: GroupCreateBody, response: { 201: MachineGroup } },
    },
    async (request, reply) => {
      return reply.code(201).send(await createGroup(db, request.auth.org, request.body.name));
    },
  );

  app.put(
    endpoints.portal.groups.item,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: GroupCreateBody, response: { 200: MachineGroup } },
    },
    async (request) => {
      const { org } = request.auth;
      const { id } = request.params;
      await groupOf(db, org, id);
      await renameGroup(db, org, id, groupName(request.body.name));
      return groupOf(db, org, id);
    },
  );

  app.delete(
    endpoints.portal.groups.item,
    { config: { access: 'write' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await groupOf(db, request.auth.org, request.params.id);
      await deleteGroup(db, request.auth.org, request.params.id);
      return reply.code(204).send();
    },
  );

  app.patch(
    endpoints.portal.machines.groups,
    {
      config: { access: 'write' },
      schema: {
        tags,
        params: Id,
        body: MachineGroupBody,
        response: { 200: Type.Object({ id: Type.String() }) },
      },
    },
    async (request) => {
      await assertOwnMachine(db, request.auth, request.params.id);
      await setMachineGroup(db, request.auth.org, request.params.id, request.body.groupId);
      return { id: request.params.id };
    },
  );
};
