// Loads the dashboard for a request, cancelling the previous load when the request changes. The
// states are dashboardState.ts's; a failure is reported unless it is benign.
import { useEffect, useReducer } from 'react';
import { useDataProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import type { DashboardRequest, PortalDataProvider } from '../../dataProvider/dataProvider.ts';
import {
  dashboardReducer,
  INITIAL_DASHBOARD_STATE,
  isBenignError,
  type DashboardState,
} from '../../domain/dashboardState.ts';
import { refusedParam } from '../../common/useDroppedParams.ts';
import { useErrorReport } from '../../common/useErrorReport.ts';

/** `request` is null until the screen knows what to ask (the user settings are loading): idle. */
export function useDashboard(
  request: DashboardRequest | null,
  /** Takes a URL parameter the server refused out of the URL, which asks again. */
  drop: (names: string[]) => void,
): DashboardState {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const report = useErrorReport();
  const [state, dispatch] = useReducer(dashboardReducer, INITIAL_DASHBOARD_STATE);
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    dispatch({ type: 'load' });
    dataProvider.getDashboard(request, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) dispatch({ type: 'loaded', data });
      },
      async (error: unknown) => {
        if (controller.signal.aborted || isBenignError(error)) return;
        const refused = refusedParam(error);
        if (refused) return drop([refused]);
        dispatch({ type: 'failed' });
        // An expired session signs out with its own message; anything else gets the dashboard's.
        if (!(await logoutIfAccessDenied(error))) {
          notify('app.dashboard.load_failed', { type: 'error' });
          report('dashboard', error);
        }
      },
    );
    return () => controller.abort();
    // The request's content, not its identity, decides a new load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state;
}
