// The organisation's shifts (issue 16): everyone reads them, admins change them; the whole area is
// off where the organisation's shifts navigation is off.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ShiftBody, ShiftRecord, ShiftsReply } from '../../../src/domain/api/shifts.ts';
import type { ServerContext } from '../../context.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { auditRequest } from '../audit/index.ts';
import { deleteShift, getShift, listShifts, saveShift } from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const feature = 'navigation.shifts' as const;
const tags = ['shifts'];

export const shiftRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.get(
    endpoints.portal.shifts.root,
    { config: { access: 'read', feature }, schema: { tags, response: { 200: ShiftsReply } } },
    async (request) => ({ shifts: await listShifts(db, rollups, request.auth.org) }),
  );

  app.get(
    endpoints.portal.shifts.item,
    {
      config: { access: 'read', feature },
      schema: { tags, params: Id, response: { 200: ShiftRecord } },
    },
    async (request) => getShift(db, rollups, request.auth.org, request.params.id),
  );

  const audited = (
    request: { auth: { org: string; sub: string } },
    action: 'shift.saved' | 'shift.deleted',
    details: Record<string, unknown>,
  ) => auditRequest(db, request, action, details);

  app.post(
    endpoints.portal.shifts.root,
    {
      config: { access: 'write', feature },
      schema: { tags, body: ShiftBody, response: { 201: ShiftRecord } },
    },
    async (request, reply) => {
      const shift = await saveShift(db, rollups, request.auth.org, null, request.body);
      await audited(request, 'shift.saved', { id: shift.id, ...request.body });
      return reply.code(201).send(shift);
    },
  );

  app.put(
    endpoints.portal.shifts.item,
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id, body: ShiftBody, response: { 200: ShiftRecord } },
    },
    async (request) => {
      const shift = await saveShift(db, rollups, request.auth.org, request.params.id, request.body);
      await audited(request, 'shift.saved', { id: shift.id, ...request.body });
      return shift;
    },
  );

  app.delete(
    endpoints.portal.shifts.item,
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id },
    },
    async (request, reply) => {
      await deleteShift(db, rollups, request.auth.org, request.params.id);
      await audited(request, 'shift.deleted', { id: request.params.id });
      return reply.code(204).send();
    },
  );
};
