// GET /v1/portal/filters: the filter categories with options drawn from the organisation's
// machines; and the caller's saved filters, keyed by page label and name.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FiltersQuery,
  FiltersReply,
  SavedFilterKey,
  SavedFiltersQuery,
  SavedFiltersReply,
  SaveFilterBody,
  SaveFilterReply,
  type Filter,
  type FilterOption,
} from '../../../src/domain/api/filters.ts';
import { decodeFilter, FilterQueryError } from '../../../src/domain/filterQuery.ts';
import { FIXED_FILTER_OPTIONS, filterCategoriesFor } from '../../../src/domain/filters.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../httpError.ts';
import { MACHINE_ROWS, selectMachines } from '../../readModel/selection.ts';
import { endpoints } from '../../../src/domain/api/endpoints.ts';

/** Every value a data-drawn category takes among the selected machines, as (group, key, name). */
const DRAWN_OPTIONS = `
  , chosen AS (SELECT * FROM rows %WHERE%)
  SELECT 'customer' AS "group", coalesce(customer_organisation_id::text, customer) AS key, customer AS name
    FROM chosen WHERE customer IS NOT NULL
  UNION SELECT 'type', type, type FROM chosen WHERE type IS NOT NULL
  UNION SELECT 'oem', oem, oem FROM chosen WHERE oem IS NOT NULL
  UNION SELECT 'site', site_id::text, site FROM chosen WHERE site_id IS NOT NULL
  UNION SELECT 'siteCode', site_code, site_code FROM chosen WHERE site_code IS NOT NULL
  UNION SELECT 'machine', id::text, name || coalesce(' (' || "assetID" || ')', '') FROM chosen
  UNION SELECT 'group', "group", "group" FROM chosen WHERE "group" IS NOT NULL
  UNION SELECT 'source', t, t FROM chosen CROSS JOIN unnest(source_types) t
  UNION SELECT 'ownershipType', "ownershipType", "ownershipType" FROM chosen WHERE "ownershipType" IS NOT NULL
  UNION SELECT 'owner', owner, owner FROM chosen WHERE owner IS NOT NULL
  UNION SELECT 'shift', sh.id::text, sh.name FROM chosen JOIN shift sh ON sh.id = chosen.shift_id
  UNION SELECT 'siteShift', sh.id::text, sh.name FROM chosen JOIN shift sh ON sh.id = chosen.site_shift_id`;

const option = (group: string, key: string, name: string): FilterOption => ({
  id: `${group}:${key}`,
  group,
  key,
  name,
  label: name,
});

export const filterRoutes: FastifyPluginAsyncTypebox<ServerContext> = async (app, { db }) => {
  app.get(
    endpoints.portal.filters.root,
    {
      config: { access: 'read' },
      schema: { tags: ['filters'], querystring: FiltersQuery, response: { 200: FiltersReply } },
    },
    async (request) => {
      const { params, where } = selectMachines(request.organisation, {
        start: request.query.start ?? 'max',
        end: request.query.end ?? 'max',
        show: request.query.show ?? 'active',
      });
      const drawn = await db.query<{ group: string; key: string; name: string }>(
        `${MACHINE_ROWS}${DRAWN_OPTIONS.replace('%WHERE%', where)}`,
        params,
      );
      // Fixed options keep their order; options drawn from the data are sorted by name.
      const filters: Filter[] = filterCategoriesFor(request.organisation.type).map(
        ({ key, name }) => {
          const fixed = FIXED_FILTER_OPTIONS[key];
          const options = fixed
            ? fixed.map(([k, n]) => option(key, k, n))
            : drawn
                .filter((row) => row.group === key)
                .map((row) => option(key, row.key, row.name))
                .sort((a, b) => a.name.localeCompare(b.name));
          return { id: key, name, options };
        },
      );
      return { filters };
    },
  );

  app.get(
    endpoints.portal.filters.saved,
    {
      config: { access: 'read' },
      schema: {
        tags: ['filters'],
        querystring: SavedFiltersQuery,
        response: { 200: SavedFiltersReply },
      },
    },
    async (request) => {
      const { user_id: userId, name, label } = request.query;
      if (userId && userId !== request.auth.sub) {
        throw forbidden("Saved filters are their user's own");
      }
      const rows = await db.query<{ id: string; name: string; label: string; filters: string }>(
        `SELECT id, name, label, filters FROM saved_filter
          WHERE user_id = $1 AND organisation_id = $2
            AND ($3::text IS NULL OR name = $3) AND ($4::text IS NULL OR label = $4)
          ORDER BY label, name`,
        [request.auth.sub, request.auth.org, name ?? null, label ?? null],
      );
      return {
        savedFilters: rows.map((r) => ({
          filterID: r.id,
          name: r.name,
          label: r.label,
          filters: r.filters,
        })),
      };
    },
  );

  app.post(
    endpoints.portal.filters.saved,
    {
      config: { access: 'read' },
      schema: {
        tags: ['filters'],
        querystring: SavedFilterKey,
        body: SaveFilterBody,
        response: { 200: SaveFilterReply },
      },
    },
    async (request) => {
      try {
        decodeFilter(request.body.filters);
      } catch (error) {
        if (error instanceof FilterQueryError) throw badRequest('filters', error.message);
        throw error;
      }
      // Saving again under the same page label and name replaces the selection.
      const [row] = await db.query<{ id: string; name: string }>(
        `INSERT INTO saved_filter (user_id, organisation_id, label, name, filters)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, organisation_id, label, name) DO UPDATE SET filters = EXCLUDED.filters
         RETURNING id, name`,
        [
          request.auth.sub,
          request.auth.org,
          request.query.label,
          request.query.name,
          request.body.filters,
        ],
      );
      return { filterID: row?.id ?? '', name: row?.name ?? request.query.name };
    },
  );

  app.delete(
    endpoints.portal.filters.saved,
    { config: { access: 'read' }, schema: { tags: ['filters'], querystring: SavedFilterKey } },
    async (request, reply) => {
      const deleted = await db.query(
        `DELETE FROM saved_filter WHERE user_id = $1 AND organisation_id = $2 AND label = $3 AND name = $4
         RETURNING id`,
        [request.auth.sub, request.auth.org, request.query.label, request.query.name],
      );
      if (deleted.length === 0) throw notFound('No saved filter with this name on this page');
      return reply.code(204).send();
    },
  );
};
