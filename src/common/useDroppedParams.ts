// What a screen does with URL parameters it cannot use: says so once, in a short notice, and takes
// them out of the URL (replacing the entry), so the address shows what the screen shows. Some are
// known bad on sight (a date that does not parse); others only when the server refuses them (an id
// that names nothing): `drop` is for those.
import { HttpError } from 'ra-core';
import { useCallback, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

/** The query fields of the /v1 calls whose refusal means a URL parameter was wrong. */
const PARAM_OF_FIELD: Record<string, string> = {
  filter: 'filter',
  countries: 'countries',
  start: 'startDate',
  end: 'endDate',
  startDate: 'startDate',
  endDate: 'endDate',
  'filter.siteId': 'siteId',
};

/**
 * The URL parameter a failed request blames: the field a 400 names, or `notFoundParam` for a 404
 * (the one id the request was about).
 */
export function refusedParam(error: unknown, notFoundParam?: string): string | null {
  if (!(error instanceof HttpError)) return null;
  if (error.status === 404) return notFoundParam ?? null;
  if (error.status !== 400) return null;
  const field = (error.body as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? (PARAM_OF_FIELD[field] ?? null) : null;
}

export function useDroppedParams(dropped: readonly string[]): (names: string[]) => void {
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const drop = useCallback(
    (names: string[]) => {
      const present = [...new Set(names)].filter((name) => params.has(name));
      if (present.length === 0) return;
      notify('app.url.dropped', { type: 'warning', messageArgs: { names: present.join(', ') } });
      const next = new URLSearchParams(params);
      for (const name of present) next.delete(name);
      setParams(next, { replace: true });
    },
    [notify, params, setParams],
  );
  const key = dropped.join(',');
  useEffect(() => {
    if (key !== '') drop(key.split(','));
  }, [key, drop]);
  return drop;
}

/** Drops the parameter a failed request blames, once per failure. */
export function useRefusal(
  error: unknown,
  drop: (names: string[]) => void,
  notFoundParam?: string,
): void {
  useEffect(() => {
    const param = refusedParam(error, notFoundParam);
    if (param) drop([param]);
    // Each new failure once; `drop` changes with the URL it just changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}
