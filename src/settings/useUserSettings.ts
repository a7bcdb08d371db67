// The signed-in user's settings (spec point 3), loaded once per session and shared by every screen.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { UserSettingsReply } from '../domain/api/session.ts';
import type { PortalDataProvider } from '../dataProvider/dataProvider.ts';
import { accountKeys } from '../dataProvider/account.ts';

export function useUserSettings() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: accountKeys.settings,
    queryFn: () => dataProvider.getSettings(),
    // react-admin answers `{ data: [] }` to a call that ended the session; that is no settings.
    select: (reply: UserSettingsReply | { data: unknown }) =>
      'properties' in reply ? reply : undefined,
    staleTime: 5 * 60_000,
  });
}
