// Keeps the session tokens in local storage, so a reload or a new tab stays signed in.

export interface StoredSession {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds at which `token` expires. */
  expiresAt: number;
}

const KEY = 'fleet-portal.session';

export const tokenStore = {
  get(): StoredSession | undefined {
    try {
      const raw = localStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as StoredSession) : undefined;
    } catch {
      return undefined;
    }
  },
  set(reply: { token: string; refreshToken: string; expiresIn: number }, now = Date.now()): void {
    const session: StoredSession = {
      token: reply.token,
      refreshToken: reply.refreshToken,
      expiresAt: now + reply.expiresIn * 1000,
    };
    localStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    localStorage.removeItem(KEY);
  },
};
