// /v1/portal/hires (issue 41, docs/rental.md): the hires list (ra-data-simple-rest), one hire, put
// on hire, change and cancel. Every member reads the hires of its machines and of machines it
// hires; viewers write nothing, and a customer changes none of its hires.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Hire,
  HIRE_SORTS,
  HireBody,
  HireCustomersReply,
  HirePatch,
} from '../../../src/domain/api/hires.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import type { RollupScheduler } from '../../telemetry/engine/scheduler.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { auditRequest } from '../audit/index.ts';
import { listHires } from './list.ts';
import { getHire, hireCustomers, readHireFilter } from './store.ts';
import { cancelHire, createHire, updateHire } from './writes.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

export const tags = ['hires'];
export const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type HireContext = ServerContext & { rollups: RollupScheduler };

export const hireRoutes: FastifyPluginAsyncTypebox<HireContext> = async (app, { db, rollups }) => {
  const writer = (request: { organisation: Organisation }) => ({
    db,
    rollups,
    organisation: request.organisation,
  });

  app.get(
    endpoints.portal.hires.root,
    {
      config: { access: 'read', scope: 'hires:read' },
      schema: { tags, querystring: SimpleListQuery, response: { 200: Type.Array(Hire) } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, HIRE_SORTS);
      const filter = readHireFilter(params.filter);
      const { hires, total } = await listHires(db, request.organisation, filter, params);
      sendRange(reply, 'hires', params.offset, hires.length, total);
      return hires;
    },
  );

  // Before /:id, which would otherwise read "customers" as an id.
  app.get(
    endpoints.portal.hires.customers,
    {
      config: { access: 'read', scope: 'hires:read' },
      schema: { tags, response: { 200: HireCustomersReply } },
    },
    async (request) => ({ customers: await hireCustomers(db, request.auth.org) }),
  );

  app.get(
    endpoints.portal.hires.item,
    {
      config: { access: 'read', scope: 'hires:read' },
      schema: { tags, params: Id, response: { 200: Hire } },
    },
    async (request) => getHire(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.portal.hires.root,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, body: HireBody, response: { 201: Hire } },
    },
    async (request, reply) => {
      const id = await createHire(writer(request), request.body);
      const hire = await getHire(db, request.auth.org, id);
      await auditRequest(db, request, 'hire.created', { ...hire });
      return reply.code(201).send(hire);
    },
  );

  app.patch(
    endpoints.portal.hires.item,
    {
      config: { access: 'write', scope: 'hires:write' },
      schema: { tags, params: Id, body: HirePatch, response: { 200: Hire } },
    },
    async (request) => {
      await updateHire(writer(request), request.params.id, request.body);
      await auditRequest(db, request, 'hire.edited', { id: request.params.id, ...request.body });
      return getHire(db, request.auth.org, request.params.id);
    },
  );

  app.delete(
    endpoints.portal.hires.item,
    { config: { access: 'write', scope: 'hires:write' }, schema: { tags, params: Id } },
    async (request, reply) => {
      const row = await cancelHire(writer(request), request.params.id);
      await auditRequest(db, request, 'hire.cancelled', {
        id: row.id,
        contractNumber: row.contract_number,
        machineId: row.machine_id,
      });
      return reply.code(204).send();
    },
  );
};
