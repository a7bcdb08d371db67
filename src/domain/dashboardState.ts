// The dashboard's loading states (spec point 4): idle, then loading (the error flag cleared), then
// loaded (summary, history, categories and utilisation kept) or failed (the loading-error flag).
// A new load keeps the figures on screen until the new ones arrive.
import type { DashboardReply } from './api/dashboard.ts';

export type DashboardStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface DashboardState {
  status: DashboardStatus;
  loadingError: boolean;
  data: DashboardReply | null;
}

export type DashboardAction =
  { type: 'load' } | { type: 'loaded'; data: DashboardReply } | { type: 'failed' };

export const INITIAL_DASHBOARD_STATE: DashboardState = {
  status: 'idle',
  loadingError: false,
  data: null,
};

export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  switch (action.type) {
    case 'load':
      return { ...state, status: 'loading', loadingError: false };
    case 'loaded':
      return { status: 'loaded', loadingError: false, data: action.data };
    case 'failed':
      return { ...state, status: 'failed', loadingError: true };
  }
}

/**
 * Errors nobody needs to hear about (spec point 8): a request cancelled because a newer range
 * replaced it or the screen closed.
 */
export function isBenignError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CancelledError');
}
