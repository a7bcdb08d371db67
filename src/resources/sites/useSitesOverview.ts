// The range and filters of a sites screen, in its URL (Max by default), and the sites' overview
// for them: what /sites/portal and /overview/sites share.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { readRangeUrl, writeRangeUrl, type RangeUrlState } from '../../domain/rangeUrl.ts';

export function useSitesOverview() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [params, setParams] = useSearchParams();
  const url = readRangeUrl(params);
  const range = { startDate: url.startDate ?? 'max', endDate: url.endDate ?? 'max' };
  const update = (next: RangeUrlState) => setParams(writeRangeUrl({ ...url, ...next }));
  const overview = useQuery({
    queryKey: ['sites-overview', range.startDate, range.endDate, url.filter],
    queryFn: ({ signal }) =>
      dataProvider.getSitesOverview(
        { start: range.startDate, end: range.endDate, filter: url.filter },
        signal,
      ),
    retry: false,
  });
  return { range, filter: url.filter, update, overview };
}
