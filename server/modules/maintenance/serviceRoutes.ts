// /v1/portal/machines/{id}/services (issue 42, docs/maintenance.md "Service records"): a machine's
// service history and its writes. The owner's members read it, its writers record, change and
// delete; a customer reads the services done during its hires, without notes, costs or files.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { ServiceBody, ServiceRecord } from '../../../src/domain/api/maintenance.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../httpError.ts';
import { auditRequest } from '../audit/index.ts';
import { storeDue } from './dueStore.ts';
import { assertOwnMachine, machineVisibility } from '../machines/index.ts';
import {
  createService,
  deleteService,
  machineServices,
  toService,
  updateService,
} from './services.ts';

const tags = ['maintenance'];
const Machine = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Service = Type.Object({
  id: Type.String({ format: 'uuid' }),
  serviceId: Type.String({ format: 'uuid' }),
});

export const serviceRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.machines.services,
    {
      config: { access: 'read' },
      schema: { tags, params: Machine, response: { 200: Type.Array(ServiceRecord) } },
    },
    async (request) => {
      const visibility = await machineVisibility(db, request.auth.org, request.params.id);
      if (!visibility) throw notFound('No such machine');
      const rows = await machineServices(db, request.params.id);
      const seen = (at: Date | null) =>
        at !== null &&
        visibility.periods.some((p) => at.getTime() >= p.fromMs && at.getTime() < p.toMs);
      return rows
        .filter((row) => visibility.owned || seen(row.done_at))
        .map((row) => toService(row, visibility.owned));
    },
  );

  app.post(
    endpoints.portal.machines.services,
    {
      config: { access: 'write' },
      schema: { tags, params: Machine, body: ServiceBody, response: { 201: ServiceRecord } },
    },
    async (request, reply) => {
      const machineId = request.params.id;
      await assertOwnMachine(db, request.auth, machineId);
      const row = await createService(
        db,
        request.auth.org,
        machineId,
        request.body,
        request.auth.sub,
      );
      const service = toService(row, true);
      await storeDue(db, request.organisation, [machineId]);
      await auditRequest(db, request, 'service.recorded', { ...service });
      return reply.code(201).send(service);
    },
  );

  app.patch(
    endpoints.portal.machines.service,
    {
      config: { access: 'write' },
      schema: { tags, params: Service, body: ServiceBody, response: { 200: ServiceRecord } },
    },
    async (request) => {
      const { id: machineId, serviceId } = request.params;
      await assertOwnMachine(db, request.auth, machineId);
      const row = await updateService(db, request.auth.org, machineId, serviceId, request.body);
      const service = toService(row, true);
      await storeDue(db, request.organisation, [machineId]);
      await auditRequest(db, request, 'service.edited', { ...service });
      return service;
    },
  );

  app.delete(
    endpoints.portal.machines.service,
    {
      config: { access: 'write' },
      schema: { tags, params: Service, response: { 200: ServiceRecord } },
    },
    async (request) => {
      const { id: machineId, serviceId } = request.params;
      await assertOwnMachine(db, request.auth, machineId);
      const service = toService(await deleteService(db, machineId, serviceId), true);
      await storeDue(db, request.organisation, [machineId]);
      await auditRequest(db, request, 'service.deleted', { ...service });
      return service;
    },
  );
};
