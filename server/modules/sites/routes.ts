// /v1/portal/sites: an organisation's sites with their geofences (issue 6, docs/api.md "Sites").
// Everyone of the organisation reads them; viewers cannot change them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  Site,
  SiteBody,
  SitesOverviewQuery,
  SitesOverviewReply,
  SitesReply,
  SiteTimelineQuery,
  SiteTimelineReply,
} from '../../../src/domain/api/sites.ts';
import type { ServerContext } from '../../context.ts';
import { siteTimeline, sitesOverview } from './overview.ts';
import { createSite, deleteSite, getSite, listSites, updateSite } from './service.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const siteRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (
  app,
  { db, readModel },
) => {
  app.get(
    endpoints.portal.sites.root,
    {
      config: { access: 'read', feature: 'navigation.sites' },
      schema: { tags: ['sites'], response: { 200: SitesReply } },
    },
    async (request) => ({ sites: await listSites(db, request.auth.org) }),
  );

  // Before /:id, which would otherwise read "overview" as an id.
  app.get(
    endpoints.portal.sites.overview,
    {
      config: { access: 'read', feature: 'navigation.sites' },
      schema: {
        tags: ['sites'],
        querystring: SitesOverviewQuery,
        response: { 200: SitesOverviewReply },
      },
    },
    async (request) => sitesOverview(readModel, request.organisation, request.query),
  );

  app.get(
    endpoints.portal.sites.timeline,
    {
      config: { access: 'read', feature: 'navigation.sites' },
      schema: {
        tags: ['sites'],
        params: Id,
        querystring: SiteTimelineQuery,
        response: { 200: SiteTimelineReply },
      },
    },
    async (request) => siteTimeline(db, request.organisation, request.params.id, request.query),
  );

  app.get(
    endpoints.portal.sites.item,
    {
      config: { access: 'read', feature: 'navigation.sites' },
      schema: { tags: ['sites'], params: Id, response: { 200: Site } },
    },
    async (request) => getSite(db, request.auth.org, request.params.id),
  );

  app.post(
    endpoints.portal.sites.root,
    {
      config: { access: 'write', feature: 'navigation.sites' },
      schema: { tags: ['sites'], body: SiteBody, response: { 201: Site } },
    },
    async (request, reply) =>
      reply.code(201).send(await createSite(db, request.organisation, request.body)),
  );

  app.put(
    endpoints.portal.sites.item,
    {
      config: { access: 'write', feature: 'navigation.sites' },
      schema: { tags: ['sites'], params: Id, body: SiteBody, response: { 200: Site } },
    },
    async (request) => updateSite(db, request.organisation, request.params.id, request.body),
  );

  app.delete(
    endpoints.portal.sites.item,
    {
      config: { access: 'write', feature: 'navigation.sites' },
      schema: { tags: ['sites'], params: Id },
    },
    async (request, reply) => {
      const organisation = request.organisation;
      await deleteSite(db, organisation.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
