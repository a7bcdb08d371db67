// Publishes the OpenAPI document generated from the route schemas at /v1/openapi.json.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../src/domain/api/endpoints.ts';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fleet portal API',
        version: '1',
        description: 'The /v1 calls of the fleet and equipment monitoring portal.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Each operation says what it needs (plugins/access.ts): the contract sweep reads x-access.
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      if (!schema || !access) return { schema, url };
      return {
        schema: {
          ...schema,
          'x-access': access,
          ...(route.config?.feature ? { 'x-feature': route.config.feature } : {}),
          // The scope an API client's token needs here; a route without one is for people only.
          ...(route.config?.scope ? { 'x-scope': route.config.scope } : {}),
          ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
        },
        url,
      };
    },
  });
  app.get(endpoints.openapiJson, { schema: { hide: true } }, async () => app.swagger());
}
