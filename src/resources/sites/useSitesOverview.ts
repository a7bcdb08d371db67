// The range and filters of a sites screen, in its URL (Max by default), and the sites' overview
// for them: what /sites/portal and /overview/sites share.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import { useRefusal } from '../../common/useDroppedParams.ts';
import { useUrlState } from '../../common/useUrlState.ts';
import { siteKeys } from '../../dataProvider/sites.ts';

export function useSitesOverview() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Spec point 2: the sites' startDate defaults to "max".
  const { range, filter, update, drop } = useUrlState({ defaultRange: 'max', allowMax: true });
  const overview = useQuery({
    queryKey: siteKeys.overview({ start: range.startDate, end: range.endDate, filter }),
    queryFn: ({ signal }) =>
      dataProvider.getSitesOverview(
        { start: range.startDate, end: range.endDate, filter: filter },
        signal,
      ),
    retry: false,
  });
  useRefusal(overview.error, drop);
  return { range, filter, update, overview };
}
