// /v1/portal/service-plans (issue 42, docs/maintenance.md "Plans"): the organisation's plan
// templates, ra-data-simple-rest. Members read them; writers create, change and delete them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import {
  ServicePlan,
  ServicePlanBody,
  ServicePlanChoices,
  ServicePlanPatch,
} from '../../../src/domain/api/maintenance.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import { storeDue } from './dueStore.ts';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlans,
  planChoices,
  PLAN_SORTS,
  updatePlan,
} from './plans.ts';

const tags = ['maintenance'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const planRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.servicePlans.root,
    {
      config: { access: 'read' },
      schema: { tags, querystring: SimpleListQuery, response: { 200: Type.Array(ServicePlan) } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, PLAN_SORTS);
      const plans = await listPlans(db, request.auth.org, params);
      const page = plans.slice(params.offset, params.offset + params.limit);
      sendRange(reply, 'service-plans', params.offset, page.length, plans.length);
      return page;
    },
  );

  app.get(
    endpoints.portal.servicePlans.choices,
    {
      config: { access: 'read' },
      schema: { tags, response: { 200: ServicePlanChoices } },
    },
    async (request) => planChoices(db, request.auth.org),
  );

  app.get(
    endpoints.portal.servicePlans.item,
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: ServicePlan } } },
    async (request) => getPlan(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.portal.servicePlans.root,
    {
      config: { access: 'write' },
      schema: { tags, body: ServicePlanBody, response: { 201: ServicePlan } },
    },
    async (request, reply) => {
      const plan = await createPlan(db, request.auth.org, request.body);
      await storeDue(db, request.organisation);
      await auditRequest(db, request, 'service-plan.created', { planId: plan.id, ...request.body });
      return reply.code(201).send(plan);
    },
  );

  app.patch(
    endpoints.portal.servicePlans.item,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: ServicePlanPatch, response: { 200: ServicePlan } },
    },
    async (request) => {
      const plan = await updatePlan(db, request.auth.org, request.params.id, request.body);
      await storeDue(db, request.organisation);
      await auditRequest(db, request, 'service-plan.edited', { planId: plan.id, ...request.body });
      return plan;
    },
  );

  app.delete(
    endpoints.portal.servicePlans.item,
    { config: { access: 'write' }, schema: { tags, params: Id, response: { 200: ServicePlan } } },
    async (request) => {
      const plan = await deletePlan(db, request.auth.org, request.params.id);
      await auditRequest(db, request, 'service-plan.deleted', { planId: plan.id, name: plan.name });
      return plan;
    },
  );
};
