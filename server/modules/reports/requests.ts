// The reports API's shared pieces: what each of its route files reads from a request.
import Type from 'typebox';
import { filterWithPairs } from '../filters/index.ts';
import { selectMachines } from '../../readModel/selection.ts';
import type { ServerContext } from '../../context.ts';
import type { Organisation } from '../../tenancy/organisation.ts';

export const tags = ['reports'];
export const Id = Type.Object({ id: Type.String({ format: 'uuid' }) });

export interface ReportRouteOptions extends ServerContext {
  /** Told when work is queued, so it starts at once. */
  wakeReports: () => void;
}

/**
 * The member a request is made by, as the report files and runs record it; an API client (its
 * token carries scopes) reads the organisation's scheduled files of every type.
 */
export const member = (request: { auth: { org: string; sub: string; scp?: string[] } }) => ({
  organisationId: request.auth.org,
  userId: request.auth.sub,
  apiClient: request.auth.scp !== undefined,
});

/**
 * The machine list's filter is read before the work is queued, as the list reads it (its groups,
 * keys and ids in the organisation's terms): a bad one is a 400 now, not a failed file later.
 */
export const checkFilter = (organisation: Organisation, filter: string | null | undefined) => {
  const encoded = filterWithPairs({ filter: filter ?? undefined }, []);
  if (encoded) selectMachines(organisation, { start: 'max', end: 'max', filter: encoded });
};
