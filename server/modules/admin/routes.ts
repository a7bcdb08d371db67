// The staff admin area's calls (issue 19, docs/api.md "Admin"): the staff home, data completeness,
// radio coverage, and a machine's inner workings with background recomputes (device debugging per
// protocol is in deviceRoutes.ts). Staff only: everyone else gets 403 from the access check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AdminOverviewReply,
  CompletenessReply,
  CoverageQuery,
  CoverageReply,
  DaysQuery,
  MachineCompletenessReply,
  MachineDayQuery,
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeBody,
  RecomputeRun,
} from '../../../src/domain/api/admin.ts';
import { Day } from '../../../src/domain/api/dates.ts';
import type { ServerContext } from '../../context.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import type { TouchedBroker } from '../../telemetry/broker.ts';
import type { IngestMeter } from '../../telemetry/ingestMeter.ts';
import type { DeviceReach } from '../../telemetry/listeners/deviceRelay.ts';
import { machineCompleteness, fleetCompleteness } from './completeness.ts';
import { coverage } from './coverage.ts';
import { machineDay, machineWorkings } from './machineWorkings.ts';
import { adminOverview } from './overview.ts';
import type { RecomputeRuns } from './recomputeRuns.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export interface AdminContext extends ServerContext {
  rollups: RollupScheduler;
  devices: DeviceReach;
  meter: IngestMeter;
  recomputes: RecomputeRuns;
  /** The engines' queue, when they run in processes of their own. */
  broker?: Pick<TouchedBroker, 'backlog'>;
}

export const tags = ['admin'];
export const config = { access: 'staff' as const };
const MachineId = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const adminRoutes: FastifyPluginAsyncTypebox<AdminContext> = async (
  app,
  { db, readModel, rollups, meter, recomputes, broker },
) => {
  app.get(
    endpoints.admin.overview,
    { config, schema: { tags, response: { 200: AdminOverviewReply } } },
    async () => adminOverview(db, rollups, meter, broker),
  );

  app.get(
    endpoints.admin.datacompleteness.root,
    { config, schema: { tags, querystring: DaysQuery, response: { 200: CompletenessReply } } },
    async (request) => fleetCompleteness(readModel, request.query),
  );

  app.get(
    endpoints.admin.datacompleteness.item,
    {
      config,
      schema: {
        tags,
        params: MachineId,
        querystring: Type.Object({ from: Day, to: Day }, { additionalProperties: false }),
        response: { 200: MachineCompletenessReply },
      },
    },
    async (request) =>
      machineCompleteness(readModel, request.params.id, request.query.from, request.query.to),
  );

  app.get(
    endpoints.admin.coverage,
    { config, schema: { tags, querystring: CoverageQuery, response: { 200: CoverageReply } } },
    async (request) => coverage(db, request.query),
  );

  app.get(
    endpoints.admin.machines.item,
    { config, schema: { tags, params: MachineId, response: { 200: MachineWorkingsReply } } },
    async (request) => machineWorkings(db, request.params.id, (id) => recomputes.list(id)),
  );

  app.get(
    endpoints.admin.machines.day,
    {
      config,
      schema: {
        tags,
        params: MachineId,
        querystring: MachineDayQuery,
        response: { 200: MachineDayReply },
      },
    },
    async (request) =>
      machineDay(db, request.params.id, request.query.day, {
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? 500,
      }),
  );

  // Starts a recompute of the machine's days in the background; the run's call shows its progress.
  app.post(
    endpoints.admin.machines.recomputes,
    {
      config,
      schema: { tags, params: MachineId, body: RecomputeBody, response: { 202: RecomputeRun } },
    },
    async (request, reply) => {
      const run = await recomputes.start(
        request.params.id,
        request.body.fromDay,
        request.body.toDay,
        request.auth.sub,
      );
      return reply.code(202).send(run);
    },
  );

  app.get(
    endpoints.admin.machines.recomputesItem,
    {
      config,
      schema: {
        tags,
        params: Type.Object({
          id: Type.String({ format: 'uuid' }),
          runId: Type.String({ format: 'uuid' }),
        }),
        response: { 200: RecomputeRun },
      },
    },
    // 404 for a run of another machine or none.
    async (request) => recomputes.get(request.params.id, request.params.runId),
  );
};
