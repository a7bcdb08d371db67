// One machine's read-only views besides the list row: health of its sources, its profile, the
// activity summary of a range and when in the week it works.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  MachineActivitySummaryReply,
  MachineHealthReply,
  MachineProfileReply,
  WorkActivityQuery,
  WorkActivityReply,
} from '../../../src/domain/api/machineInfo.ts';
import { MachineDetailsQuery } from '../../../src/domain/api/machineActivity.ts';
import { encodeFilter } from '../../../src/domain/filterQuery.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { sourceHealth } from './health.ts';
import { listMachines } from './list.ts';
import { machineProfile } from './store.ts';
import { machineVisibility, type Visibility } from './visibility.ts';
import { workActivity } from './workActivity.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

const coversNow = (visibility: Visibility) =>
  visibility.periods.some((p) => p.fromMs <= Date.now() && Date.now() < p.toMs);

export const machineInfoRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, readModel },
) => {
  const visible = async (organisationId: string, machineId: string) => {
    const visibility = await machineVisibility(db, organisationId, machineId);
    if (!visibility) throw notFound('No such machine');
    return visibility;
  };

  app.get(
    endpoints.portal.machines.health,
    {
      config: { access: 'read' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineHealthReply } },
    },
    async (request) => {
      // Health is the devices' state now: a customer sees it while its hire runs.
      if (!coversNow(await visible(request.auth.org, request.params.id))) {
        throw notFound('The machine is not on hire to you now');
      }
      return sourceHealth(db, request.params.id);
    },
  );

  app.get(
    endpoints.machines.profile,
    {
      config: { access: 'read' },
      schema: { tags: ['machines'], params: Id, response: { 200: MachineProfileReply } },
    },
    async (request) => {
      await visible(request.auth.org, request.params.id);
      return machineProfile(db, request.params.id);
    },
  );

  app.get(
    endpoints.portal.machines.activitySummary,
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: MachineDetailsQuery,
        response: { 200: MachineActivitySummaryReply },
      },
    },
    async (request) => {
      const { organisation } = request;
      const start = request.query.start ?? 'max';
      const end = request.query.end ?? 'max';
      // The list's own figures, so the two never disagree.
      const { machines } = await listMachines(readModel, organisation, {
        start,
        end,
        show: 'all',
        filter: encodeFilter({ machine: [request.params.id] }),
      });
      const machine = machines[0];
      if (!machine) throw notFound('No such machine in this range');
      return { machineId: machine.id, start, end, activitySummary: machine.activitySummary };
    },
  );

  app.get(
    endpoints.machines.workActivity,
    {
      config: { access: 'read' },
      schema: {
        tags: ['machines'],
        params: Id,
        querystring: WorkActivityQuery,
        response: { 200: WorkActivityReply },
      },
    },
    async (request) => {
      const visibility = await visible(request.auth.org, request.params.id);
      return workActivity(db, request.params.id, visibility, request.query);
    },
  );
};
