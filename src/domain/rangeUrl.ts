// The URL of the dashboard and the fleet map (spec point 2): ?startDate=…&endDate=…&filter=…, with null or empty
// parameters dropped (spec point 5).
export interface RangeUrlState {
  startDate?: string;
  endDate?: string;
  /** Encoded filter groups, see filterQuery.ts. */
  filter?: string;
}

const RANGE_BOUND = /^(max|\d{4}-\d{2}-\d{2})$/;

export function readRangeUrl(params: URLSearchParams): RangeUrlState {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const startDate = text('startDate');
  const endDate = text('endDate');
  const filter = text('filter');
  return {
    ...(startDate && RANGE_BOUND.test(startDate) ? { startDate } : {}),
    ...(endDate && RANGE_BOUND.test(endDate) ? { endDate } : {}),
    ...(filter ? { filter } : {}),
  };
}

export function writeRangeUrl(state: RangeUrlState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['startDate', 'endDate', 'filter'] as const) {
    const value = state[key];
    if (value !== undefined && value !== null && value.trim() !== '') params.set(key, value);
  }
  return params;
}
