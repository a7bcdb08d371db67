// The signed-in user's settings (spec point 3), loaded once per session and shared by every screen.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';

export function useUserSettings() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: ['userSettings'],
    queryFn: () => dataProvider.getSettings(),
    staleTime: 5 * 60_000,
  });
}
