// Sign-in sessions (issue 45): the caller's own, and a member's for the organisation's admins.
// `userId` undefined means the caller's own.
import type { ApiClient } from '../api/apiClient.ts';
import type { SessionsEnded, SignInSession } from '../domain/api/authSessions.ts';
import { endpoints, pathTo } from '../domain/api/endpoints.ts';

export const sessionKeys = {
  of: (userId: string | undefined) => ['sign-in-sessions', userId ?? 'own'] as const,
};

const listPath = (userId: string | undefined) =>
  userId ? pathTo(endpoints.users.sessions, { id: userId }) : endpoints.auth.sessions;

export function sessionCalls(client: ApiClient) {
  return {
    getSessions: (userId: string | undefined) => client.request<SignInSession[]>(listPath(userId)),
    endSession: async (userId: string | undefined, sessionId: string) => {
      await client.request(
        userId
          ? pathTo(endpoints.users.session, { id: userId, sessionId })
          : pathTo(endpoints.auth.session, { id: sessionId }),
        { method: 'DELETE' },
      );
    },
    /** The caller's own: every session but this one; a member's: every one. */
    endSessions: (userId: string | undefined) =>
      client.request<SessionsEnded>(listPath(userId), { method: 'DELETE' }),
  };
}
