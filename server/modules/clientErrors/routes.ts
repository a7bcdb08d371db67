// POST /v1/client-errors: the portal's unexpected errors, written to the log with who met them,
// on which screen and for which request, so they can be found beside the server's own lines.
// Open before sign-in (a screen can fail to load on the login page); a signed-in caller is named.
// Throttled per caller and address so a failing loop in a browser cannot flood the log.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientErrorReport } from '../../../src/domain/api/clientErrors.ts';
import type { ServerContext } from '../../context.ts';
import { bearerToken } from '../../plugins/access.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const clientErrorRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { keys, config },
) => {
  app.post(
    endpoints.clientErrors,
    {
      config: {
        access: 'public',
        rateLimit: { max: config.clientErrorReportsPerMinute, timeWindow: 60_000 },
      },
      schema: { tags: ['health'], body: ClientErrorReport },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const claims = token ? verifyAccessToken(keys, token) : undefined;
      request.log.error(
        {
          clientError: request.body,
          user: claims?.sub ?? null,
          organisation: claims?.org ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        },
        `client error (${request.body.kind}) on ${request.body.screen}: ${request.body.message}`,
      );
      return reply.code(204).send();
    },
  );
};
