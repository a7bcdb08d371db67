// Loads the fleet map for a range and filter, then asks every 30 s what changed and merges it per
// machine. A cancelled request is benign; any other failure is reported.
import { useEffect, useReducer } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import type { MapMachine, MapsReply } from '../../domain/api/maps.ts';
import { isBenignError } from '../../domain/dashboardState.ts';
import { mergeLive } from '../../domain/fleetMap.ts';
import { refusedParam } from '../../common/useDroppedParams.ts';

export const LIVE_INTERVAL_MS = 30_000;

interface State {
  machines: MapMachine[] | null;
  timestamp: string | null;
  failed: boolean;
}

type Action = { type: 'load' } | { type: 'loaded' | 'live'; reply: MapsReply } | { type: 'failed' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'load':
      return { machines: null, timestamp: null, failed: false };
    case 'loaded':
      return { machines: action.reply.machines, timestamp: action.reply.timestamp, failed: false };
    case 'live':
      return {
        machines: state.machines ? mergeLive(state.machines, action.reply.machines) : null,
        timestamp: action.reply.timestamp,
        failed: false,
      };
    case 'failed':
      return { ...state, failed: true };
  }
}

export function useFleetMap(
  query: {
    startDate: string;
    endDate: string;
    filter?: string;
    countries?: string;
  },
  /** Takes a URL parameter the server refused out of the URL, which loads the map again. */
  drop: (names: string[]) => void,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, dispatch] = useReducer(reducer, { machines: null, timestamp: null, failed: false });
  const { startDate, endDate, filter, countries } = query;

  const fail = async (error: unknown) => {
    if (isBenignError(error)) return;
    const refused = refusedParam(error);
    if (refused) return drop([refused]);
    dispatch({ type: 'failed' });
    if (!(await logoutIfAccessDenied(error))) notify('app.map.load_failed', { type: 'error' });
  };

  useEffect(() => {
    const controller = new AbortController();
    dispatch({ type: 'load' });
    dataProvider
      .getFleetMap({ startDate, endDate, filter, countries }, controller.signal)
      .then((reply) => dispatch({ type: 'loaded', reply }), fail);
    return () => controller.abort();
    // The range and the filters decide a new load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startDate, endDate, filter, countries]);

  useEffect(() => {
    if (!state.timestamp) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .getFleetMap({ filter, countries, since: state.timestamp ?? undefined }, controller.signal)
        .then((reply) => dispatch({ type: 'live', reply }), fail);
    }, LIVE_INTERVAL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // Each answer's timestamp schedules the next question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.timestamp, filter, countries]);

  return { machines: state.machines, failed: state.failed };
}
