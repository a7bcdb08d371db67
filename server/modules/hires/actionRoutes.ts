// A hire's actions (docs/rental.md "Actions"): off-hire now or at a time, extend, and swap the
// machine, which closes the hire and opens the contract's next on the other machine.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExtendBody,
  Hire,
  OffHireBody,
  SwapBody,
  SwapReply,
} from '../../../src/domain/api/hires.ts';
import { auditRequest } from '../audit/index.ts';
import { getHire } from './store.ts';
import { extendHire, offHire, swapHire } from './writes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { type HireContext, Id, tags } from './routes.ts';

export const hireActionRoutes: FastifyPluginAsyncTypebox<HireContext> = async (
  app,
  { db, rollups },
) => {
  app.post(
    endpoints.portal.hires.offHire,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, params: Id, body: OffHireBody, response: { 200: Hire } },
    },
    async (request) => {
      const at = request.body.offHireAt ? new Date(request.body.offHireAt) : new Date();
      await offHire({ db, rollups, organisation: request.organisation }, request.params.id, at);
      await auditRequest(db, request, 'hire.off-hired', {
        id: request.params.id,
        offHireAt: at.toISOString(),
      });
      return getHire(db, request.auth.org, request.params.id);
    },
  );

  app.post(
    endpoints.portal.hires.extend,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, params: Id, body: ExtendBody, response: { 200: Hire } },
    },
    async (request) => {
      const writer = { db, rollups, organisation: request.organisation };
      await extendHire(writer, request.params.id, request.body);
      await auditRequest(db, request, 'hire.extended', { id: request.params.id, ...request.body });
      return getHire(db, request.auth.org, request.params.id);
    },
  );

  app.post(
    endpoints.portal.hires.swap,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, params: Id, body: SwapBody, response: { 200: SwapReply } },
    },
    async (request) => {
      const writer = { db, rollups, organisation: request.organisation };
      const openedId = await swapHire(writer, request.params.id, request.body);
      const [closed, opened] = await Promise.all([
        getHire(db, request.auth.org, request.params.id),
        getHire(db, request.auth.org, openedId),
      ]);
      await auditRequest(db, request, 'hire.swapped', {
        id: closed.id,
        openedId,
        fromMachineId: closed.machineId,
        toMachineId: opened.machineId,
        at: opened.onHireAt,
        overrideReason: request.body.overrideReason ?? null,
      });
      return { closed, opened };
    },
  );
};
