// A react-admin list whose state lives in plain URL parameters, one way: the URL is read into the
// list's filter values, sort and page (URL → state), the list controller requests what they say
// (state → request), and the list's own controls write the URL instead of the state. Used inside a
// <ListBase disableSyncWithLocation>, around the view.
import { useEffect, useMemo, type ReactNode } from 'react';
import { ListContextProvider, useListContext, type ListControllerResult } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useDroppedParams } from './useDroppedParams.ts';

export interface UrlListState<Filter extends object> {
  filterValues: Filter;
  sort: { field: string; order: 'ASC' | 'DESC' };
  page: number;
}

export interface UrlListCodec<Filter extends object> {
  read(params: URLSearchParams, now: Date): UrlListState<Filter> & { dropped: string[] };
  write(state: UrlListState<Partial<Filter>>, now: Date): URLSearchParams;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function UrlListContext<Filter extends object>({
  codec,
  children,
}: {
  codec: UrlListCodec<Filter>;
  children: ReactNode;
}) {
  const controller = useListContext();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const wanted = useMemo(() => codec.read(new URLSearchParams(search), new Date()), [search]);
  useDroppedParams(wanted.dropped);

  const { setFilters, setSort, setPage } = controller;
  useEffect(() => {
    if (!sameJson(controller.filterValues, wanted.filterValues))
      setFilters(wanted.filterValues, undefined, false);
    if (!sameJson(controller.sort, wanted.sort)) setSort(wanted.sort);
    if (controller.page !== wanted.page) setPage(wanted.page);
    // The URL alone moves the controller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  const value = useMemo<ListControllerResult>(() => {
    const write = (next: UrlListState<Partial<Filter>>, replace = false) =>
      setParams(codec.write(next, new Date()), { replace });
    const current = { filterValues: wanted.filterValues, sort: wanted.sort, page: wanted.page };
    return {
      ...controller,
      ...current,
      setFilters: (filterValues: Partial<Filter>) => {
        // Typing a search replaces the entry rather than adding one per pause.
        const { q: _q, ...rest } = filterValues as { q?: string };
        const { q: _wantedQ, ...wantedRest } = wanted.filterValues as { q?: string };
        write({ ...current, filterValues, page: 1 }, sameJson(rest, wantedRest));
      },
      setSort: (sort: UrlListState<Filter>['sort']) => write({ ...current, sort, page: 1 }),
      setPage: (page: number) => write({ ...current, page }),
    };
  }, [controller, wanted, codec, setParams]);

  return <ListContextProvider value={value}>{children}</ListContextProvider>;
}
