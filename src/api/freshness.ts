// How old the data on screen may be (issue 40): offline, the service worker answers from its cache,
// and each answer keeps the Date header of when the server sent it. The oldest answer shown since
// the connection went is what the offline banner names; online again, the data is live.
import { useSyncExternalStore } from 'react';

let lastOnlineMs: number | null = null;
let oldestOfflineMs: number | null = null;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

/** Called with every reply the portal reads. */
export function noteReply(headers: Headers): void {
  const sentMs = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(sentMs)) return;
  if (navigator.onLine) {
    lastOnlineMs = sentMs;
    return;
  }
  if (oldestOfflineMs === null || sentMs < oldestOfflineMs) {
    oldestOfflineMs = sentMs;
    notify();
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    oldestOfflineMs = null;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the data on screen was sent: the oldest cached answer, else the last live one. */
export const dataFromMs = (): number | null => oldestOfflineMs ?? lastOnlineMs;

export function useDataFromMs(): number | null {
  return useSyncExternalStore(subscribe, dataFromMs, () => null);
}
