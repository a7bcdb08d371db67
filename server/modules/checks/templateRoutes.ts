// /v1/portal/check-templates (issue 44): the organisation's on-hire and off-hire checklists per
// machine category, ra-data-simple-rest. Members read them; writers make, change and delete them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  CheckTemplate,
  CheckTemplateBody,
  CheckTemplatePatch,
} from '../../../src/domain/api/checks.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';
import { SimpleListQuery } from '../../../src/domain/api/simpleList.ts';
import type { ServerContext } from '../../context.ts';
import { readListParams, sendRange } from '../../simpleRest.ts';
import { auditRequest } from '../audit/index.ts';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  TEMPLATE_SORTS,
  updateTemplate,
} from './templates.ts';

const tags = ['checks'];
const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const checkTemplateRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db },
) => {
  app.get(
    endpoints.portal.checkTemplates.root,
    {
      config: { access: 'read' },
      schema: { tags, querystring: SimpleListQuery, response: { 200: Type.Array(CheckTemplate) } },
    },
    async (request, reply) => {
      const params = readListParams(request.query, TEMPLATE_SORTS);
      const { templates, total } = await listTemplates(db, request.auth.org, params);
      sendRange(reply, 'check-templates', params.offset, templates.length, total);
      return templates;
    },
  );

  app.get(
    endpoints.portal.checkTemplates.item,
    { config: { access: 'read' }, schema: { tags, params: Id, response: { 200: CheckTemplate } } },
    async (request) => getTemplate(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.portal.checkTemplates.root,
    {
      config: { access: 'write' },
      schema: { tags, body: CheckTemplateBody, response: { 201: CheckTemplate } },
    },
    async (request, reply) => {
      const template = await createTemplate(db, request.auth.org, request.body);
      await auditRequest(db, request, 'check-template.created', { ...template });
      return reply.code(201).send(template);
    },
  );

  app.patch(
    endpoints.portal.checkTemplates.item,
    {
      config: { access: 'write' },
      schema: { tags, params: Id, body: CheckTemplatePatch, response: { 200: CheckTemplate } },
    },
    async (request) => {
      const template = await updateTemplate(db, request.auth.org, request.params.id, request.body);
      await auditRequest(db, request, 'check-template.edited', { ...template });
      return template;
    },
  );

  app.delete(
    endpoints.portal.checkTemplates.item,
    { config: { access: 'write' }, schema: { tags, params: Id } },
    async (request, reply) => {
      await deleteTemplate(db, request.auth.org, request.params.id);
      await auditRequest(db, request, 'check-template.deleted', { id: request.params.id });
      return reply.code(204).send();
    },
  );
};
