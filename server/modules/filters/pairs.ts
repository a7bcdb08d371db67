// The `group=key` pairs some calls take besides the encoded `filter` (spec point 7: the dashboard
// and the route report), merged into one encoded filter.
import { decodeFilter, encodeFilter, FilterQueryError } from '../../../src/domain/filterQuery.ts';
import { badRequest } from '../../httpError.ts';

/** The encoded `filter` with the pairs of these groups added to it; undefined when empty. */
export function filterWithPairs<G extends string>(
  query: { filter?: string } & Partial<Record<G, string[]>>,
  groups: readonly G[],
): string | undefined {
  try {
    const selection = decodeFilter(query.filter ?? '');
    for (const group of groups) {
      const keys: string[] | undefined = query[group];
      if (keys?.length) selection[group] = [...(selection[group] ?? []), ...keys];
    }
    return encodeFilter(selection) || undefined;
  } catch (error) {
    if (error instanceof FilterQueryError) throw badRequest('filter', error.message);
    throw error;
  }
}
