// The machine list's URL (spec point 2): /machines?filter=…&startDate=…&endDate=…&show=…&sortKey=…,
// plus the search (q), the sort direction (order) and the page. Plain parameters, so that a link
// can be read, written by hand and shared. This file is the one place that knows the list's state
// (its filter values, sort and page) and how it is spelled in the URL.
import { MACHINE_SHOW, MACHINE_SORT_KEYS, type MachineSortKey } from './api/machines.ts';
import { presetRange, type DatePreset } from './datePresets.ts';
import { isFilterQuery } from './filterQuery.ts';
import { readUrlRange } from './urlRange.ts';

export const DEFAULT_SORT_KEY: MachineSortKey = 'outOfHours';
/** A rolling week, so the first list a user sees holds work whatever the day and hour (docs/screens.md). */
export const DEFAULT_LIST_RANGE: DatePreset = 'last7Days';

export type MachineShow = (typeof MACHINE_SHOW)[number];

/** The list's filter values: what the list's request is made of besides its sort and page. */
export interface MachineListFilter {
  q?: string;
  /** Encoded filter groups, see filterQuery.ts. */
  filter?: string;
  /** yyyy-MM-dd or 'max'. */
  startDate: string;
  endDate: string;
  show: MachineShow;
}

export interface MachineListUrlState {
  filterValues: MachineListFilter;
  sort: { field: MachineSortKey; order: 'ASC' | 'DESC' };
  page: number;
}

const isShow = (value: string): value is MachineShow =>
  (MACHINE_SHOW as readonly string[]).includes(value);
const isSortKey = (value: string): value is MachineSortKey =>
  (MACHINE_SORT_KEYS as readonly string[]).includes(value);

/** The list state a URL asks for, and the parameters it had that could not be used. */
export function readMachineListUrl(
  params: URLSearchParams,
  now: Date,
): MachineListUrlState & { dropped: string[] } {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const { range, dropped } = readUrlRange(params.get('startDate'), params.get('endDate'), {
    fallback: presetRange(DEFAULT_LIST_RANGE, now),
    today: presetRange('today', now).startDate,
    allowMax: true,
  });
  const problems: string[] = [...dropped];
  const show = text('show');
  const sortKey = text('sortKey');
  const order = text('order');
  if (show !== undefined && !isShow(show)) problems.push('show');
  if (sortKey !== undefined && !isSortKey(sortKey)) problems.push('sortKey');
  if (order !== undefined && order !== 'ASC' && order !== 'DESC') problems.push('order');
  const page = Number(params.get('page') ?? 1);
  const q = text('q');
  const filter = text('filter');
  const filterDecodes = filter === undefined || isFilterQuery(filter);
  if (!filterDecodes) problems.push('filter');
  return {
    filterValues: {
      ...(q ? { q } : {}),
      ...(filter && filterDecodes ? { filter } : {}),
      ...range,
      show: show !== undefined && isShow(show) ? show : 'active',
    },
    sort: {
      field: sortKey !== undefined && isSortKey(sortKey) ? sortKey : DEFAULT_SORT_KEY,
      order: order === 'DESC' ? 'DESC' : 'ASC',
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
    dropped: problems,
  };
}

/** The URL of a list state; defaults are left out so the plain /machines stays plain. */
export function writeMachineListUrl(
  state: {
    filterValues: Partial<MachineListFilter>;
    sort: { field: string; order: string };
    page: number;
  },
  now: Date,
): URLSearchParams {
  const params = new URLSearchParams();
  const { startDate, endDate } = state.filterValues;
  const fallback = presetRange(DEFAULT_LIST_RANGE, now);
  const isDefaultRange = startDate === fallback.startDate && endDate === fallback.endDate;
  for (const key of ['filter', 'q'] as const) {
    const value = state.filterValues[key];
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value);
  }
  if (!isDefaultRange) {
    if (startDate) params.set('startDate', startDate);
    if (endDate) params.set('endDate', endDate);
  }
  const show = state.filterValues.show;
  if (show && show !== 'active') params.set('show', show);
  if (state.sort.field !== DEFAULT_SORT_KEY) params.set('sortKey', state.sort.field);
  if (state.sort.order === 'DESC') params.set('order', 'DESC');
  if (state.page > 1) params.set('page', String(state.page));
  params.sort();
  return params;
}
