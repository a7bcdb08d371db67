// The asset list's URL (spec point 2): /equipment/assets/list?filter=…&startDate=…&endDate=…&sortKey=…,
// plus the kind, the site, the sort direction (order) and the page. `filter` is the search text.
// The one place that knows how the list's state is spelled in its URL.
import { ASSET_KINDS, ASSET_SORTS, type AssetKind, type AssetSort } from './api/assets.ts';
import { presetRange, type DatePreset } from './datePresets.ts';
import { readUrlRange } from './urlRange.ts';

export const DEFAULT_ASSET_SORT: AssetSort = 'name';
/** A rolling week: long enough to see a trailer move, whatever the day. */
export const DEFAULT_ASSET_RANGE: DatePreset = 'last7Days';

export interface AssetListValues {
  q?: string;
  kind?: AssetKind;
  /** A site's id, or 'none' for off every site. */
  siteId?: string;
  startDate: string;
  endDate: string;
}

const isKind = (value: string): value is AssetKind =>
  (ASSET_KINDS as readonly string[]).includes(value);
const isSort = (value: string): value is AssetSort =>
  (ASSET_SORTS as readonly string[]).includes(value);

export function readAssetListUrl(params: URLSearchParams, now: Date) {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const { range, dropped } = readUrlRange(params.get('startDate'), params.get('endDate'), {
    fallback: presetRange(DEFAULT_ASSET_RANGE, now),
    today: presetRange('today', now).startDate,
    allowMax: false,
  });
  const problems: string[] = [...dropped];
  const [q, kind, siteId, sortKey, order] = ['filter', 'kind', 'siteId', 'sortKey', 'order'].map(
    text,
  );
  if (kind !== undefined && !isKind(kind)) problems.push('kind');
  if (sortKey !== undefined && !isSort(sortKey)) problems.push('sortKey');
  if (order !== undefined && order !== 'ASC' && order !== 'DESC') problems.push('order');
  const page = Number(params.get('page') ?? 1);
  const filterValues: AssetListValues = {
    ...(q ? { q } : {}),
    ...(kind && isKind(kind) ? { kind } : {}),
    ...(siteId ? { siteId } : {}),
    ...range,
  };
  return {
    filterValues,
    sort: {
      field: sortKey !== undefined && isSort(sortKey) ? sortKey : DEFAULT_ASSET_SORT,
      order: order === 'DESC' ? ('DESC' as const) : ('ASC' as const),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
    dropped: problems,
  };
}

/** The URL of a list state; defaults are left out so the plain list stays plain. */
export function writeAssetListUrl(
  state: {
    filterValues: Partial<AssetListValues>;
    sort: { field: string; order: string };
    page: number;
  },
  now: Date,
): URLSearchParams {
  const params = new URLSearchParams();
  const { q, kind, siteId, startDate, endDate } = state.filterValues;
  const fallback = presetRange(DEFAULT_ASSET_RANGE, now);
  if (q?.trim()) params.set('filter', q);
  if (kind) params.set('kind', kind);
  if (siteId) params.set('siteId', siteId);
  if (!(startDate === fallback.startDate && endDate === fallback.endDate)) {
    if (startDate) params.set('startDate', startDate);
    if (endDate) params.set('endDate', endDate);
  }
  if (state.sort.field !== DEFAULT_ASSET_SORT) params.set('sortKey', state.sort.field);
  if (state.sort.order === 'DESC') params.set('order', 'DESC');
  if (state.page > 1) params.set('page', String(state.page));
  params.sort();
  return params;
}
