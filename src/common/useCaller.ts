// Who is signed in, as screens decide what to offer: the server refuses the rest anyway (403).
import { useGetIdentity } from 'react-admin';
import type { PortalIdentity } from '../authProvider/authProvider.ts';

export interface Caller {
  identity: PortalIdentity | undefined;
  /** Admins and staff change the organisation's data; viewers read. */
  canWrite: boolean;
  isStaff: boolean;
}

export function useCaller(): Caller {
  const { identity } = useGetIdentity();
  const portal = identity as PortalIdentity | undefined;
  return {
    identity: portal,
    canWrite: portal !== undefined && portal.role !== 'viewer',
    isStaff: portal?.role === 'internal',
  };
}
