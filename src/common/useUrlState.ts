// One way for every screen whose range and filters live in its URL: the URL is read into state
// (src/domain/urlRange.ts), the state makes the request, and a change is written back to the URL,
// never the other way round. A parameter the screen cannot use is dropped from the URL with one
// short notice, so a hand-edited or stale link opens the screen's default instead of failing.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { presetRange, type DatePreset, type DateRange } from '../domain/datePresets.ts';
import { isFilterQuery } from '../domain/filterQuery.ts';
import { readUrlRange } from '../domain/urlRange.ts';
import { useDroppedParams } from './useDroppedParams.ts';

export interface UrlStateRules {
  /** The range shown when the URL names none (docs/screens.md says why each screen has its own). */
  defaultRange: DatePreset;
  allowMax: boolean;
  /** Other parameters the screen reads, each with its check; a failing value is dropped. */
  checks?: Record<string, (value: string) => boolean>;
}

export type UrlChanges = Record<string, string | null | undefined>;

export interface UrlState {
  params: URLSearchParams;
  range: DateRange;
  /** The encoded machine filter, when it is one. */
  filter: string | undefined;
  /** Sets (or, with null, undefined or '', removes) parameters; a new history entry by default. */
  update(changes: UrlChanges, options?: { replace?: boolean }): void;
  /** Takes parameters the server refused out of the URL, with the notice. */
  drop(names: string[]): void;
}

/** The parameters with the changes made; spec point 5: null or empty ones are dropped. */
export function withChanges(params: URLSearchParams, changes: UrlChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) next.delete(key);
    else next.set(key, value);
  }
  for (const [key, value] of [...next]) if (value.trim() === '') next.delete(key);
  return next;
}

export function useUrlState({ defaultRange, allowMax, checks = {} }: UrlStateRules): UrlState {
  const [params, setParams] = useSearchParams();
  const now = new Date();
  const today = presetRange('today', now).startDate;
  const fallback = presetRange(defaultRange, now);
  const read = readUrlRange(params.get('startDate'), params.get('endDate'), {
    fallback,
    today,
    allowMax,
  });
  const filterParam = params.get('filter')?.trim() || undefined;
  const dropped: string[] = [...read.dropped];
  if (filterParam !== undefined && !isFilterQuery(filterParam)) dropped.push('filter');
  for (const [name, check] of Object.entries(checks)) {
    const value = params.get(name);
    if (value !== null && value !== '' && !check(value)) dropped.push(name);
  }
  const drop = useDroppedParams(dropped);

  const range = useMemo(
    () => read.range,
    // A new object each render must not restart the screen's requests.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [read.range.startDate, read.range.endDate],
  );
  const filter = dropped.includes('filter') ? undefined : filterParam;
  return {
    params,
    range,
    filter,
    drop,
    update(changes, options) {
      setParams(withChanges(params, changes), options);
    },
  };
}
