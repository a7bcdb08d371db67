// PUT /v1/portal/machines/:id/breakdown: the owner flags a machine broken down (opening a period)
// or back in service (closing it); the days the period covers are recomputed as brokendown.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { MachineBreakdownBody, MachineBreakdownReply } from '../../../src/domain/api/machines.ts';
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../httpError.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const breakdownRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { rollups: RollupScheduler }
> = async (app, { db, rollups }) => {
  app.put(
    endpoints.portal.machines.breakdown,
    {
      config: { access: 'write', feature: 'modules.equipmentBreakdown' },
      schema: {
        tags: ['machines'],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        body: MachineBreakdownBody,
        response: { 200: MachineBreakdownReply },
      },
    },
    async (request) => {
      const atMs = request.body.at ? Date.parse(request.body.at) : Date.now();
      if (atMs > Date.now() + 60_000) throw badRequest('at', 'The time cannot be in the future');
      // Only the owner (or staff) says whether its machine is broken down.
      const [machine] = await db.query<{ timezone: string }>(
        `SELECT o.timezone FROM machine m JOIN organisation o ON o.id = m.organisation_id
          WHERE m.id = $1 AND (m.organisation_id = $2 OR $3)`,
        [request.params.id, request.auth.org, request.auth.role === 'internal'],
      );
      if (!machine) throw notFound('No such machine');
      const at = new Date(atMs);
      const period = await db.transaction(async (tx) => {
        const [open] = await tx.query<{ id: string; from_at: Date }>(
          'SELECT id, from_at FROM machine_breakdown WHERE machine_id = $1 AND to_at IS NULL FOR UPDATE',
          [request.params.id],
        );
        if (request.body.breakdown) {
          if (open) throw conflict('The machine is already broken down');
          await tx.query(
            'INSERT INTO machine_breakdown (machine_id, from_at, note) VALUES ($1, $2, $3)',
            [request.params.id, at, request.body.note ?? null],
          );
          await tx.query('UPDATE machine SET breakdown = true WHERE id = $1', [request.params.id]);
          return { from: at, to: null };
        }
        if (!open) throw conflict('The machine is not broken down');
        if (at <= open.from_at) {
          throw badRequest('at', 'The repair must come after the breakdown');
        }
        await tx.query('UPDATE machine_breakdown SET to_at = $2 WHERE id = $1', [open.id, at]);
        await tx.query('UPDATE machine SET breakdown = false WHERE id = $1', [request.params.id]);
        return { from: open.from_at, to: at };
      });
      rollups.schedule(
        request.params.id,
        zonedDate(period.from, machine.timezone),
        zonedDate(new Date(), machine.timezone),
      );
      return {
        machineId: request.params.id,
        breakdown: request.body.breakdown,
        from: period.from.toISOString(),
        to: period.to?.toISOString() ?? null,
      };
    },
  );
};
