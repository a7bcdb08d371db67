// The filters area: the machine filters' options, and the user's saved filters.
import type { ApiClient } from '../api/apiClient.ts';
import type { FiltersReply, SavedFiltersReply } from '../domain/api/filters.ts';
import { endpoints } from '../domain/api/endpoints.ts';

export const filterKeys = {
  options: (query: { start?: string; end?: string; show?: string }) => [
    'filters',
    query.start,
    query.end,
    query.show,
  ],
  /** Every saved-filter list: what saving or deleting one invalidates. */
  saved: ['saved-filters'],
  savedFor: (label: string, userId: string | undefined) => ['saved-filters', label, userId],
};

export function filterCalls(client: ApiClient) {
  return {
    getFilters: (query: { start?: string; end?: string; show?: string }) =>
      client.request<FiltersReply>(endpoints.portal.filters.root, {
        query: { ...query, page: 'machines' },
      }),
    getSavedFilters: (label: string) =>
      client.request<SavedFiltersReply>(endpoints.portal.filters.saved, { query: { label } }),
    saveFilter: (label: string, name: string, filters: string) =>
      client.request<{ filterID: string }>(endpoints.portal.filters.saved, {
        method: 'POST',
        query: { label, name },
        body: { filters },
      }),
    deleteSavedFilter: async (label: string, name: string) => {
      await client.request<unknown>(endpoints.portal.filters.saved, {
        method: 'DELETE',
        query: { label, name },
      });
    },
  };
}
