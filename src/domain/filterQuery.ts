// The filter query codec: groups joined by '|', each `group:key,key`, keys URI-encoded.

export type FilterSelection = Record<string, string[]>;

const GROUP_SEPARATOR = '|';
const KEY_SEPARATOR = ',';

export function encodeFilter(selection: FilterSelection): string {
  return Object.entries(selection)
    .filter(([, keys]) => keys.length > 0)
    .map(([group, keys]) => `${group}:${keys.map(encodeURIComponent).join(KEY_SEPARATOR)}`)
    .join(GROUP_SEPARATOR);
}

export class FilterQueryError extends Error {}

/** Decodes a filter query; throws FilterQueryError naming the part that is malformed. */
export function decodeFilter(query: string): FilterSelection {
  // Gathered in a Map: a group named 'toString' or '__proto__' is then a group like any other,
  // which the server refuses by name, rather than Object's own members.
  const selection = new Map<string, string[]>();
  for (const part of query.split(GROUP_SEPARATOR)) {
    if (part === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) throw new FilterQueryError(`filter group '${part}' has no 'group:key' form`);
    const group = part.slice(0, colon);
    const keys = part
      .slice(colon + 1)
      .split(KEY_SEPARATOR)
      .filter((k) => k !== '')
      .map((k) => {
        try {
          return decodeURIComponent(k);
        } catch {
          throw new FilterQueryError(`filter key '${k}' in group '${group}' is not URI-encoded`);
        }
      });
    if (keys.length === 0) throw new FilterQueryError(`filter group '${group}' names no key`);
    selection.set(group, [...(selection.get(group) ?? []), ...keys]);
  }
  return Object.fromEntries(selection);
}

/** A filter from a URL or a store, where a malformed one selects nothing rather than failing. */
export function decodeFilterOrEmpty(query: unknown): FilterSelection {
  try {
    return typeof query === 'string' ? decodeFilter(query) : {};
  } catch {
    return {};
  }
}

/** Whether a URL's filter parameter is one this codec reads. */
export function isFilterQuery(query: string): boolean {
  try {
    decodeFilter(query);
    return true;
  } catch {
    return false;
  }
}

/** How many groups an encoded filter chooses keys in: the filters button shows it. */
export const countFilterGroups = (query: unknown): number =>
  Object.values(decodeFilterOrEmpty(query)).filter((keys) => keys.length > 0).length;
