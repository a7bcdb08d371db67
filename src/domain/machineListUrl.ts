// The machine list's URL (spec point 2): /machines?filter=…&startDate=…&endDate=…&show=…&sortKey=…,
// plus the search (q), the sort direction (order) and the page. Plain parameters, so that a link
// can be read, written by hand and shared.
import { MACHINE_SHOW, MACHINE_SORT_KEYS, type MachineSortKey } from './api/machines.ts';

export const DEFAULT_SORT_KEY: MachineSortKey = 'outOfHours';

export interface MachineListUrlState {
  filterValues: {
    q?: string;
    filter?: string;
    startDate?: string;
    endDate?: string;
    show: (typeof MACHINE_SHOW)[number];
  };
  sort: { field: MachineSortKey; order: 'ASC' | 'DESC' };
  page: number;
}

const RANGE_BOUND = /^(max|\d{4}-\d{2}-\d{2})$/;

export function readMachineListUrl(params: URLSearchParams): MachineListUrlState {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const show = params.get('show');
  const sortKey = params.get('sortKey');
  const startDate = text('startDate');
  const endDate = text('endDate');
  const page = Number(params.get('page'));
  return {
    filterValues: {
      ...(text('q') ? { q: text('q') } : {}),
      ...(text('filter') ? { filter: text('filter') } : {}),
      ...(startDate && RANGE_BOUND.test(startDate) ? { startDate } : {}),
      ...(endDate && RANGE_BOUND.test(endDate) ? { endDate } : {}),
      show: (MACHINE_SHOW as readonly string[]).includes(show ?? '')
        ? (show as MachineListUrlState['filterValues']['show'])
        : 'active',
    },
    sort: {
      field: (MACHINE_SORT_KEYS as readonly string[]).includes(sortKey ?? '')
        ? (sortKey as MachineSortKey)
        : DEFAULT_SORT_KEY,
      order: params.get('order') === 'DESC' ? 'DESC' : 'ASC',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL of a list state; defaults are left out so the plain /machines stays plain. */
export function writeMachineListUrl(state: {
  filterValues: Record<string, unknown>;
  sort: { field: string; order: string };
  page: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['filter', 'startDate', 'endDate', 'q'] as const) {
    const value = state.filterValues[key];
    if (typeof value === 'string' && value !== '') params.set(key, value);
  }
  const show = state.filterValues.show;
  if (typeof show === 'string' && show !== 'active') params.set('show', show);
  if (state.sort.field !== DEFAULT_SORT_KEY) params.set('sortKey', state.sort.field);
  if (state.sort.order === 'DESC') params.set('order', 'DESC');
  if (state.page > 1) params.set('page', String(state.page));
  params.sort();
  return params;
}
