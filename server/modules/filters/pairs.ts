// The `group=key` pairs some calls take besides the encoded `filter` (spec point 7: the dashboard
// and the route report), merged into one encoded filter.
import { DASHBOARD_FILTER_GROUPS } from '../../../src/domain/api/dashboard.ts';
import { decodeFilter, encodeFilter, FilterQueryError } from '../../../src/domain/filterQuery.ts';
import { badRequest } from '../../httpError.ts';

export type FilterPairs = { filter?: string } & Partial<
  Record<(typeof DASHBOARD_FILTER_GROUPS)[number], string[]>
>;

/** The encoded `filter` with the `group=key` pairs added to it; undefined when empty. */
export function filterWithPairs(query: FilterPairs): string | undefined {
  try {
    const selection = decodeFilter(query.filter ?? '');
    for (const group of DASHBOARD_FILTER_GROUPS) {
      const keys = query[group];
      if (keys?.length) selection[group] = [...(selection[group] ?? []), ...keys];
    }
    return encodeFilter(selection) || undefined;
  } catch (error) {
    if (error instanceof FilterQueryError) throw badRequest('filter', error.message);
    throw error;
  }
}
