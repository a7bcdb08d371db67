// Whether a call of the signed-in user would be allowed: its route's declared access for their role
// and its module switch for their organisation, read from the server's own declarations
// (src/domain/api/routeAccess.ts). A screen offers an action only when its call is allowed.
import { useCallback } from 'react';
import { canCall, type Method } from '../domain/api/access.ts';
import { useUserSettings } from '../settings/useUserSettings.ts';
import { useCaller } from './useCaller.ts';

/** False until the user and their organisation's switches are known: nothing is offered early. */
export function useCanCall(): (method: Method, endpoint: string) => boolean {
  const { identity } = useCaller();
  const { data: settings } = useUserSettings();
  const role = identity?.role;
  return useCallback(
    (method, endpoint) =>
      role !== undefined && settings !== undefined && canCall(role, settings, method, endpoint),
    [role, settings],
  );
}
