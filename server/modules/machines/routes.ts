// GET /v1/portal/machines/list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MachineListQuery, MachineListReply } from '../../../src/domain/api/machines.ts';
import type { ServerContext } from '../../context.ts';
import { unauthorised } from '../../httpError.ts';
import { getOrganisation } from '../orgs/service.ts';
import { listMachines } from './service.ts';

export const machineRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    '/v1/portal/machines/list',
    {
      schema: {
        tags: ['machines'],
        querystring: MachineListQuery,
        response: { 200: MachineListReply },
      },
    },
    async (request) => {
      const organisation = await getOrganisation(db, request.auth.org);
      if (!organisation) throw unauthorised('The session no longer matches an organisation');
      return listMachines(db, organisation, request.query);
    },
  );
};
