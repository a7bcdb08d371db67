// Keeps the access token in this page's memory only. The refresh token is an HttpOnly cookie the
// page never sees; a local flag only remembers that there may be a session to resume on reload.

export interface StoredSession {
  token: string;
  /** Epoch milliseconds at which `token` expires. */
  expiresAt: number;
}

const SIGNED_IN_KEY = 'fleet-portal.signed-in';

let current: StoredSession | undefined;

export const tokenStore = {
  get(): StoredSession | undefined {
    return current;
  },
  /** Whether a session may be resumed from the refresh cookie (a reload, a new tab). */
  mayResume(): boolean {
    try {
      return localStorage.getItem(SIGNED_IN_KEY) === '1';
    } catch {
      return false;
    }
  },
  set(reply: { token: string; expiresIn: number }, now = Date.now()): void {
    current = { token: reply.token, expiresAt: now + reply.expiresIn * 1000 };
    try {
      localStorage.setItem(SIGNED_IN_KEY, '1');
    } catch {
      // Private mode without storage: the session lasts as long as the page.
    }
  },
  clear(): void {
    current = undefined;
    try {
      localStorage.removeItem(SIGNED_IN_KEY);
    } catch {
      // Nothing was stored.
    }
  },
};
