// GET /v1/portal/machines/list, one machine, and its activity timeline.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MachineActivityQuery,
  MachineActivityReply,
  MachineDetailsQuery,
} from '../../../src/domain/api/machineActivity.ts';
import { MachineDetailsReply } from '../../../src/domain/api/machineInfo.ts';
import { MachineListQuery, MachineListReply } from '../../../src/domain/api/machines.ts';
import { encodeFilter } from '../../../src/domain/filterQuery.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { machineActivity } from './activity.ts';
import { listMachines } from './list.ts';
import { latestLocation } from './store.ts';
import { machineSettings } from './settings.ts';
import type { MachineSettings } from '../../../src/domain/api/machineSettings.ts';
import { machineVisibility } from './visibility.ts';
import { sendShared } from '../../readModel/serialisedReply.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The owner's groups are its own bookkeeping: a customer does not see which one a machine is in. */
const hideOwnersGroup = (settings: MachineSettings, owned: boolean | undefined): MachineSettings =>
  owned ? settings : { ...settings, groupId: null };

export const machineRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, readModel },
) => {
  app.get(
    endpoints.portal.machines.list,
    {
      // An API client's token with machines:read reads it too (an ERP, a BI tool).
      config: { access: 'read', scope: 'machines:read' },
      schema: {
        tags: ['machines'],
        querystring: MachineListQuery,
        response: { 200: MachineListReply },
      },
    },
    async (request, reply) =>
      sendShared<MachineListReply>(readModel, request, reply, 'list', () =>
        listMachines(readModel, request.organisation, request.query),
      ),
  );

  app.get(
    endpoints.portal.machines.item,
    {
      config: { access: 'read', scope: 'machines:read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: MachineDetailsQuery,
        response: { 200: MachineDetailsReply },
      },
    },
    async (request) => {
      const organisation = request.organisation;
      // The list's own row, so that the details never disagree with it.
      const { machines } = await listMachines(readModel, organisation, {
        start: request.query.start ?? 'max',
        end: request.query.end ?? 'max',
        show: 'all',
        filter: encodeFilter({ machine: [request.params.id] }),
      });
      const machine = machines[0];
      if (!machine) throw notFound('No such machine');
      const visibility = await machineVisibility(db, organisation.id, machine.id);
      return {
        ...machine,
        location: visibility ? await latestLocation(db, machine.id, visibility.periods) : null,
        settings: hideOwnersGroup(await machineSettings(db, machine.id), visibility?.owned),
        canEdit: Boolean(visibility?.owned) && request.auth.role !== 'viewer',
      };
    },
  );

  app.get(
    endpoints.machines.activity,
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: MachineActivityQuery,
        response: { 200: MachineActivityReply },
      },
    },
    async (request) => {
      const visibility = await machineVisibility(db, request.auth.org, request.params.id);
      if (!visibility) throw notFound('No such machine');
      return machineActivity(db, request.params.id, visibility, request.query);
    },
  );
};
