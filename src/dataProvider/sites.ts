// The sites area: the organisation's sites with their geofences, their overview over a range, one
// site's machines and places, and its activity timeline.
import type {
  CreateParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'ra-core';
import type { ApiClient } from '../api/apiClient.ts';
import type {
  Site,
  SiteBody,
  SitesOverviewQuery,
  SitesOverviewReply,
  SitesReply,
  SiteTimelineQuery,
  SiteTimelineReply,
} from '../domain/api/sites.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export const siteKeys = {
  all: ['sites'],
  one: (id: string | null) => ['site', id],
  overviews: ['sites-overview'],
  overview: (query: SitesOverviewQuery) => ['sites-overview', query.start, query.end, query.filter],
  timeline: (id: string, date: string) => ['site-timeline', id, date],
  machines: (id: string, startDate: string, endDate: string) => [
    'site-machines',
    id,
    startDate,
    endDate,
  ],
  places: (id: string) => ['site-places', id],
};

export function siteCalls(client: ApiClient) {
  return {
    getSites: () => client.request<SitesReply>(endpoints.portal.sites.root),
    getSite: (id: string) => client.request<Site>(pathTo(endpoints.portal.sites.item, { id })),
    createSite: (body: SiteBody) =>
      client.request<Site>(endpoints.portal.sites.root, { method: 'POST', body }),
    updateSite: (id: string, body: SiteBody) =>
      client.request<Site>(pathTo(endpoints.portal.sites.item, { id }), { method: 'PUT', body }),
    deleteSite: async (id: string) => {
      await client.request<unknown>(pathTo(endpoints.portal.sites.item, { id }), {
        method: 'DELETE',
      });
    },
    getSitesOverview: (query: SitesOverviewQuery, signal?: AbortSignal) =>
      client.request<SitesOverviewReply>(endpoints.portal.sites.overview, {
        query: { ...query },
        signal,
      }),
    getSiteTimeline: (id: string, query: SiteTimelineQuery) =>
      client.request<SiteTimelineReply>(pathTo(endpoints.portal.sites.timeline, { id }), {
        query: { ...query },
      }),
  };
}

/** A row of the sites list: the site, and what its machines did over the list's range. */
export type SiteRecord = Site & { summary: SitesOverviewReply['sites'][number]['summary'] };

/** The list's filter values: the range and the machine filter of the sites screens' URL. */
export interface SiteListFilter {
  startDate?: string;
  endDate?: string;
  filter?: string;
}

/**
 * react-admin's standard methods for 'sites'. The list is the sites' overview over the filter's
 * range (sorted and paged here: an organisation has tens of sites, not thousands), with what
 * machines off every site did in `meta.elsewhere`.
 */
export function siteResource(client: ApiClient) {
  const calls = siteCalls(client);
  return {
    getList: async (params: GetListParams) => {
      const filter = (params.filter ?? {}) as SiteListFilter;
      const reply = await calls.getSitesOverview(
        { start: filter.startDate, end: filter.endDate, filter: filter.filter },
        params.signal,
      );
      const field = (params.sort?.field ?? 'name') as keyof Site;
      const direction = params.sort?.order === 'DESC' ? -1 : 1;
      const rows: SiteRecord[] = reply.sites
        .map(({ site, summary }) => ({ ...site, summary }))
        .sort((a, b) => direction * String(a[field] ?? '').localeCompare(String(b[field] ?? '')));
      const { page = 1, perPage = rows.length } = params.pagination ?? {};
      return {
        data: rows.slice((page - 1) * perPage, page * perPage),
        total: rows.length,
        meta: { elsewhere: reply.elsewhere },
      };
    },
    getOne: async (params: GetOneParams) => ({ data: await calls.getSite(String(params.id)) }),
    getMany: async (params: GetManyParams) => {
      const ids = new Set(params.ids.map(String));
      const { sites } = await calls.getSites();
      return { data: sites.filter((site) => ids.has(site.id)) };
    },
    // The site form sends the whole site: PUT replaces it, as the /v1 call does.
    create: async (params: CreateParams) => ({
      data: await calls.createSite(params.data as SiteBody),
    }),
    update: async (params: UpdateParams) => ({
      data: await calls.updateSite(String(params.id), params.data as SiteBody),
    }),
    delete: async (params: DeleteParams) => {
      await calls.deleteSite(String(params.id));
      return { data: { id: params.id } };
    },
  };
}
