// The files screen's URL (spec point 2): /files?filter=…&dates=…&showFilesTab=…. `filter` is the
// search text, `dates` the days a file came, `from,to` (either may be empty); showFilesTab=reports
// opens the report files instead of the documents. Beside them the document's type, where it is
// (scope, machineId, siteId), a report file's status, the sort and the page.
import { DOCUMENT_TYPES, type DocumentType } from './api/documents.ts';
import { REPORT_FILE_STATUSES, REPORT_TYPES } from './api/reports.ts';

export const FILES_TABS = ['documents', 'reports'] as const;
export type FilesTab = (typeof FILES_TABS)[number];

const SCOPES = ['machine', 'site', 'organisation'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FilesListValues {
  q?: string;
  type?: string;
  scope?: (typeof SCOPES)[number];
  machineId?: string;
  siteId?: string;
  status?: string;
  from?: string;
  to?: string;
}

const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(value));

export function filesTabOf(params: URLSearchParams): FilesTab {
  return params.get('showFilesTab') === 'reports' ? 'reports' : 'documents';
}

export function readFilesUrl(params: URLSearchParams) {
  const tab = filesTabOf(params);
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const dropped: string[] = [];
  const values: FilesListValues = {};
  const q = text('filter');
  if (q && tab === 'documents') values.q = q;
  const types: readonly string[] = tab === 'documents' ? DOCUMENT_TYPES : REPORT_TYPES;
  const type = text('type');
  if (type !== undefined) {
    if (types.includes(type)) values.type = type as DocumentType;
    else dropped.push('type');
  }
  const scope = text('scope');
  if (scope !== undefined) {
    if (tab === 'documents' && (SCOPES as readonly string[]).includes(scope))
      values.scope = scope as FilesListValues['scope'];
    else dropped.push('scope');
  }
  for (const key of ['machineId', 'siteId'] as const) {
    const id = text(key);
    if (id === undefined) continue;
    if (tab === 'documents' && UUID.test(id)) values[key] = id;
    else dropped.push(key);
  }
  const status = text('status');
  if (status !== undefined) {
    if (tab === 'reports' && (REPORT_FILE_STATUSES as readonly string[]).includes(status))
      values.status = status;
    else dropped.push('status');
  }
  const dates = text('dates');
  if (dates !== undefined) {
    const [from = '', to = ''] = dates.split(',');
    if ((from === '' || isDay(from)) && (to === '' || isDay(to)) && !(from && to && to < from)) {
      if (from) values.from = from;
      if (to) values.to = to;
    } else dropped.push('dates');
  }
  const sortKey = text('sortKey');
  const order = text('order');
  const page = Number(params.get('page') ?? 1);
  return {
    filterValues: values,
    sort: {
      field: sortKey ?? 'createdAt',
      order: order === 'ASC' ? ('ASC' as const) : ('DESC' as const),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
    dropped,
  };
}

/** The URL of a tab's list state; defaults are left out so the plain screen stays plain. */
export function writeFilesUrl(
  tab: FilesTab,
  state: {
    filterValues: Partial<FilesListValues>;
    sort: { field: string; order: string };
    page: number;
  },
): URLSearchParams {
  const params = new URLSearchParams();
  const { q, type, scope, machineId, siteId, status, from, to } = state.filterValues;
  if (tab === 'reports') params.set('showFilesTab', 'reports');
  if (q?.trim()) params.set('filter', q);
  for (const [key, value] of Object.entries({ type, scope, machineId, siteId, status }))
    if (value) params.set(key, value);
  if (from || to) params.set('dates', `${from ?? ''},${to ?? ''}`);
  if (state.sort.field !== 'createdAt') params.set('sortKey', state.sort.field);
  if (state.sort.order === 'ASC') params.set('order', 'ASC');
  if (state.page > 1) params.set('page', String(state.page));
  params.sort();
  return params;
}
