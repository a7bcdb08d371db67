// /v1/organisation/api-clients (issue 43, docs/integrations.md): an organisation's admins make API
// clients for their other systems, see them (never their secrets) and revoke them; ra-data-simple-rest.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ApiClient, ApiClientBody, ApiClientCreated } from '../../../src/domain/api/apiClients.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import type { ServerContext } from '../../context.ts';
import { sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import { createClient, listClients, revokeClient } from './store.ts';

const tags = ['integrations'];
// The organisation's admins only: a client reads the organisation's data without a person.
const config = { access: 'write' as const };
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const apiClientRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, sessions },
) => {
  app.get(
    endpoints.organisation.apiClients,
    { config, schema: { tags, response: { 200: Type.Array(ApiClient) } } },
    async (request, reply) => {
      const clients = await listClients(db, request.auth.org);
      sendRange(reply, 'api-clients', 0, clients.length, clients.length);
      return clients;
    },
  );

  app.post(
    endpoints.organisation.apiClients,
    { config, schema: { tags, body: ApiClientBody, response: { 201: ApiClientCreated } } },
    async (request, reply) => {
      const client = await createClient(db, request.auth.org, request.auth.sub, request.body);
      const { clientSecret: _secret, ...kept } = client;
      await auditRequest(db, request, 'api-client.created', { ...kept });
      return reply.code(201).send(client);
    },
  );

  // Revoking keeps the client in the list, marked, so its use stays explainable.
  app.delete(
    endpoints.organisation.apiClient,
    { config, schema: { tags, params: Id, response: { 200: ApiClient } } },
    async (request) => {
      const client = await revokeClient(db, request.auth.org, request.params.id);
      sessions.forget(client.id);
      await auditRequest(db, request, 'api-client.revoked', { ...client });
      return client;
    },
  );
};
