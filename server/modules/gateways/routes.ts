// The gateway calls: the organisation's own at /v1/portal/gateways (its navigation switch gates
// them), and staff's at /v1/admin/gateways over every gateway, registered or only seen.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  GATEWAY_SORTS,
  GatewayAdminEditBody,
  GatewayConfigurationBody,
  GatewayEditBody,
  GatewayListQuery,
  GatewayListReply,
  GatewayRecord,
  GatewayRegisterBody,
  GatewayTrafficQuery,
  GatewayTrafficReply,
} from '../../../src/domain/api/gateways.ts';
import type { ServerContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { auditRequest, type AuditAction } from '../audit/index.ts';
import {
  adminEditGateway,
  configureGateway,
  editGateway,
  gatewayTraffic,
  getGateway,
  listGateways,
  readGatewayFilter,
  registerGateway,
  type GatewayScope,
} from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
const feature = 'navigation.gateways' as const;
const tags = ['gateways'];

const own = (request: { auth: { org: string } }): GatewayScope => ({
  organisationId: request.auth.org,
});

/** Kept with the gateway's organisation, so its admins see staff's changes too. */
const audited = (
  db: Database,
  request: { auth: { org: string; sub: string } },
  action: AuditAction,
  gateway: GatewayRecord,
  details: Record<string, unknown>,
) =>
  auditRequest(
    db,
    request,
    action,
    { id: gateway.id, eui: gateway.eui, ...details },
    gateway.organisationId,
  );

export const gatewayRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  for (const [prefix, access, scopeOf] of [
    [endpoints.portal.gateways.root, 'read', own],
    [endpoints.admin.gateways.root, 'staff', () => 'all' as const],
  ] as const) {
    app.get(
      prefix,
      {
        config: { access, ...(access === 'read' ? { feature } : {}) },
        schema: { tags, querystring: GatewayListQuery, response: { 200: GatewayListReply } },
      },
      async (request, reply) => {
        const params = readListParams(request.query, GATEWAY_SORTS);
        const filter = readGatewayFilter(params.filter);
        const { gateways, total } = await listGateways(db, scopeOf(request), filter, params);
        sendRange(reply, 'gateways', params.offset, gateways.length, total);
        return gateways;
      },
    );

    app.get(
      `${prefix}/:id`,
      {
        config: { access, ...(access === 'read' ? { feature } : {}) },
        schema: { tags, params: Id, response: { 200: GatewayRecord } },
      },
      async (request) => getGateway(db, scopeOf(request), request.params.id),
    );

    app.get(
      `${prefix}/:id/traffic`,
      {
        config: { access, ...(access === 'read' ? { feature } : {}) },
        schema: {
          tags,
          params: Id,
          querystring: GatewayTrafficQuery,
          response: { 200: GatewayTrafficReply },
        },
      },
      async (request) =>
        gatewayTraffic(db, scopeOf(request), request.params.id, {
          ...request.query,
          timeZone: request.organisation.timezone,
        }),
    );
  }

  app.put(
    endpoints.portal.gateways.item,
    {
      config: { access: 'write', feature },
      schema: { tags, params: Id, body: GatewayEditBody, response: { 200: GatewayRecord } },
    },
    async (request) => {
      const gateway = await editGateway(db, request.auth.org, request.params.id, request.body);
      await audited(db, request, 'gateway.edited', gateway, request.body);
      return gateway;
    },
  );

  app.post(
    endpoints.admin.gateways.root,
    {
      config: { access: 'staff' },
      schema: { tags, body: GatewayRegisterBody, response: { 201: GatewayRecord } },
    },
    async (request, reply) => {
      const gateway = await registerGateway(db, request.body);
      await audited(db, request, 'gateway.registered', gateway, request.body);
      return reply.code(201).send(gateway);
    },
  );

  app.put(
    endpoints.admin.gateways.item,
    {
      config: { access: 'staff' },
      schema: { tags, params: Id, body: GatewayAdminEditBody, response: { 200: GatewayRecord } },
    },
    async (request) => {
      const gateway = await adminEditGateway(db, request.params.id, request.body);
      await audited(db, request, 'gateway.edited', gateway, request.body);
      return gateway;
    },
  );

  app.put(
    endpoints.admin.gateways.configuration,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        params: Id,
        body: GatewayConfigurationBody,
        response: { 200: GatewayRecord },
      },
    },
    async (request) => {
      const gateway = await configureGateway(db, request.params.id, request.body);
      await audited(db, request, 'gateway.configured', gateway, request.body);
      return gateway;
    },
  );
};
