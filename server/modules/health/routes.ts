// Health as orchestrators ask for it: /v1/health/live (the process answers: restart it if not) and
// /v1/health/ready (start-up is done and the database answers: send it traffic). /v1/health is the
// readiness answer, kept for the probes that already use it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { ServerContext } from '../../context.ts';
import type { Readiness } from '../../readiness.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Live = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('starting'), Type.Literal('unavailable')]),
  /** The start-up steps still running. */
  pending: Type.Array(Type.String()),
});

export const healthRoutes: FastifyPluginAsyncTypebox<
  ServerContext & { readiness: Readiness }
> = async (app, { db, readiness }) => {
  app.get(
    endpoints.health.live,
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Live } } },
    async () => ({ status: 'ok' as const }),
  );

  const ready = {
    config: { access: 'public' as const },
    schema: { tags: ['health'], response: { 200: Ready, 503: Ready } },
  };
  const answer = async (reply: { code(status: number): unknown }) => {
    if (!readiness.isReady) {
      reply.code(503);
      return { status: 'starting' as const, pending: readiness.pending };
    }
    try {
      await db.query('SELECT 1');
    } catch {
      reply.code(503);
      return { status: 'unavailable' as const, pending: ['database'] };
    }
    return { status: 'ok' as const, pending: [] };
  };
  app.get(endpoints.health.ready, ready, async (_request, reply) => answer(reply));
  app.get(endpoints.health.root, ready, async (_request, reply) => answer(reply));
};
