// GET /v1/health: ok once the database answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ERROR_CODES } from '../../../src/domain/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../httpError.ts';

export const healthRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    '/v1/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => {
      try {
        await db.query('SELECT 1');
      } catch {
        throw new HttpError(503, ERROR_CODES.unavailable, 'The database is not reachable');
      }
      return { status: 'ok' as const };
    },
  );
};
