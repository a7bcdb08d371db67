// react-admin's authProvider over /v1: two-step sign-in, refresh, 401 handling, identity and org switch.
import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import { OFFLINE_CACHE } from '../domain/offline.ts';
import type { LoginOptionsReply, TokenReply } from '../domain/api/auth.ts';
import type { MeReply, UserSettingsReply } from '../domain/api/session.ts';
import { canCall } from '../domain/api/access.ts';
import { isWriteAction, RESOURCE_CALLS } from './resourceCalls.ts';
import { CUSTOM_TOKEN_INVALID } from '../domain/api/customToken.ts';
import { SSO_ERRORS } from '../domain/api/sso.ts';
import { SECOND_FACTOR_ERRORS, type SecondFactorSetup } from '../domain/api/secondFactor.ts';
import { CLIENT_ERROR_CODES, type ApiClient, type ApiErrorBody } from '../api/apiClient.ts';
import type { tokenStore as defaultTokenStore } from '../api/tokenStore.ts';
import { PATHS } from '../domain/paths.ts';
import { endpoints } from '../domain/api/endpoints.ts';

const LOGOUT_TIMEOUT_MS = 5_000;

/** A sign-in failure the login page shows: a catalog key and its arguments. */
export class LoginError extends Error {
  constructor(
    readonly messageKey: string,
    readonly messageArgs: Record<string, string | number> = {},
    /** The server's code, where the login page acts on it (the second factor's steps). */
    readonly code?: string,
  ) {
    super(messageKey);
  }
}

export interface PortalIdentity extends UserIdentity {
  email: string;
  firstName: string;
  lastName: string;
  role: MeReply['user']['role'];
  lastLogin: string | null;
  organisation: MeReply['organisation'];
}

export interface PortalAuthProvider extends AuthProvider {
  loginOptions(email: string): Promise<LoginOptionsReply>;
  /** For an organisation that requires a second factor: a secret to set up while signing in. */
  setupSecondFactor(email: string, password: string): Promise<SecondFactorSetup>;
  /** The recovery codes the last sign-in made (once), for the page that shows them. */
  takeRecoveryCodes(): string[] | undefined;
  switchOrganisation(organisationId: string): Promise<void>;
  getIdentity(): Promise<PortalIdentity>;
  /** Drops the kept identity, so the next getIdentity asks again (after a change of name). */
  forgetIdentity(): void;
}

/** A value asked once per access token: a new sign-in or organisation asks again. */
function perToken<T>(store: typeof defaultTokenStore, ask: () => Promise<T>) {
  let kept: { token: string; promise: Promise<T> } | undefined;
  return {
    get(): Promise<T> {
      const token = store.get()?.token ?? '';
      if (!kept || kept.token !== token) {
        const promise = ask();
        kept = { token, promise };
        promise.catch(() => {
          if (kept?.promise === promise) kept = undefined;
        });
      }
      return kept.promise;
    },
    forget() {
      kept = undefined;
    },
  };
}

function errorCode(error: unknown): string | undefined {
  return error instanceof HttpError ? (error.body as ApiErrorBody | undefined)?.code : undefined;
}

/** Turns a failed sign-in call into the message the login page shows. */
export function toLoginError(error: unknown): LoginError {
  if (!(error instanceof HttpError) || error.status === 0)
    return new LoginError('app.errors.no_response');
  const body = error.body as ApiErrorBody | undefined;
  const secondFactorStep = Object.values(SECOND_FACTOR_ERRORS).find((code) => code === body?.code);
  if (secondFactorStep)
    return new LoginError(`app.login.codes.${secondFactorStep}`, {}, secondFactorStep);
  if (error.status === 401) return new LoginError('app.login.invalid_credentials');
  if (error.status === 429) {
    return new LoginError('app.login.too_many_attempts', {
      minutes: Math.max(1, Math.ceil((body?.retryAfterS ?? 60) / 60)),
    });
  }
  // A 400 with a code: the translated code, or the server's message (spec point 8).
  if ((error.status === 400 || error.status === 403) && body?.code) {
    return new LoginError(`app.login.codes.${body.code}`, { _: body.message ?? error.message });
  }
  return new LoginError('app.errors.no_response');
}

// eslint-disable-next-line max-lines-per-function -- react-admin's AuthProvider is one object of methods over one session's closure.
export function createAuthProvider(
  client: ApiClient,
  store: typeof defaultTokenStore,
): PortalAuthProvider {
  let newRecoveryCodes: string[] | undefined;
  /** How long the codes of a sign-in stay readable once the page first read them. */
  const RECOVERY_CODES_KEPT_MS = 10_000;

  async function fetchIdentity(): Promise<PortalIdentity> {
    const me = await client.request<MeReply>(endpoints.me.root);
    return {
      id: me.user.id,
      fullName: `${me.user.firstName} ${me.user.lastName}`.trim() || me.user.email,
      email: me.user.email,
      firstName: me.user.firstName,
      lastName: me.user.lastName,
      role: me.user.role,
      lastLogin: me.user.lastLogin,
      organisation: me.organisation,
    };
  }

  const identity = perToken(store, fetchIdentity);
  const getIdentity = () => identity.get();
  /** The organisation's module switches, asked once a session, for canAccess. */
  const switches = perToken(store, () =>
    client.request<UserSettingsReply>(endpoints.users.settings),
  );

  return {
    async loginOptions(email) {
      try {
        return await client.request<LoginOptionsReply>(endpoints.portal.users.loginoptions, {
          method: 'POST',
          body: { email },
          authenticated: false,
        });
      } catch (error) {
        throw toLoginError(error);
      }
    },

    async setupSecondFactor(email, password) {
      try {
        return await client.request<SecondFactorSetup>(endpoints.auth.secondFactorSetup, {
          method: 'POST',
          body: { email, password },
          authenticated: false,
        });
      } catch (error) {
        throw toLoginError(error);
      }
    },

    takeRecoveryCodes() {
      const codes = newRecoveryCodes;
      // Not forgotten at once: react-admin may mount the page twice while it rebuilds its routes
      // after sign-in, and the second mount must show them too. Soon after, they are gone.
      if (codes)
        setTimeout(() => {
          if (newRecoveryCodes === codes) newRecoveryCodes = undefined;
        }, RECOVERY_CODES_KEPT_MS);
      return codes;
    },

    /** A password sign-in (with its second factor's code), or a single sign-on popup's tokens. */
    async login(params: { email: string; password: string; code?: string } | { sso: TokenReply }) {
      let reply: TokenReply;
      try {
        reply =
          'sso' in params
            ? params.sso
            : await client.request<TokenReply>(endpoints.auth.login, {
                method: 'POST',
                body: {
                  email: params.email,
                  password: params.password,
                  ...(params.code ? { code: params.code } : {}),
                },
                authenticated: false,
              });
      } catch (error) {
        throw toLoginError(error);
      }
      const { recoveryCodes, ...tokens } = reply;
      store.set(tokens);
      identity.forget();
      // This sign-in turned the second factor on: its recovery codes are shown before anything.
      if (recoveryCodes) {
        newRecoveryCodes = recoveryCodes;
        return { redirectTo: PATHS.secondFactor };
      }
      // Someone in several organisations chooses where to go (spec point 2: /login-selection).
      const me = await fetchIdentity().catch(() => undefined);
      if (me && me.organisation.availableOrgs.length > 1) return { redirectTo: '/login-selection' };
      return undefined;
    },

    async logout() {
      const wasSignedIn = Boolean(store.get()) || store.mayResume();
      store.clear();
      identity.forget();
      // The next person on this device reads nothing of this one's offline.
      await globalThis.caches?.delete(OFFLINE_CACHE).catch(() => undefined);
      newRecoveryCodes = undefined;
      if (wasSignedIn) {
        // Ends the session the refresh cookie belongs to, on the server; offline, signing out
        // still ends within a few seconds, locally.
        await client
          .request(endpoints.auth.logout, {
            method: 'POST',
            authenticated: false,
            timeoutMs: LOGOUT_TIMEOUT_MS,
          })
          .catch(() => undefined);
      }
    },

    async checkAuth() {
      // Cheap once the page holds a token: react-admin asks this again before showing a checkError
      // message, and an expired or revoked token is found by the next call. After a reload the
      // token is resumed from the refresh cookie.
      if (store.get()) return;
      const live = await client.resume().catch(
        (error: unknown) =>
          // Reopened without a network: the pages read before are there to read (issue 40).
          error instanceof HttpError && error.status === 0 && store.mayResume(),
      );
      if (!live) throw { redirectTo: '/login', message: false };
    },

    async checkError(error: unknown) {
      // A sign-in that was refused (single sign-on, a custom token) ends no session: its page
      // says why.
      const code = errorCode(error) ?? '';
      if (
        code === CUSTOM_TOKEN_INVALID ||
        (SSO_ERRORS as readonly string[]).includes(code) ||
        (Object.values(SECOND_FACTOR_ERRORS) as string[]).includes(code)
      )
        return;
      if (error instanceof HttpError && error.status === 401) {
        // react-admin signs out next, which clears the tokens; clearing them here would hide the message.
        throw {
          redirectTo: '/login',
          message:
            errorCode(error) === CLIENT_ERROR_CODES.sessionTimeout
              ? 'app.auth.session_timed_out'
              : 'app.auth.session_expired',
        };
      }
    },

    forgetIdentity() {
      identity.forget();
    },
    getIdentity,

    async canAccess({ resource, action }) {
      const calls =
        resource && isWriteAction(action) ? RESOURCE_CALLS[resource]?.[action] : undefined;
      if (!calls) return true;
      const [me, settings] = await Promise.all([getIdentity(), switches.get()]);
      return calls.some(([method, endpoint]) => canCall(me.role, settings, method, endpoint));
    },

    async switchOrganisation(organisationId) {
      const session = (await client.resume()) ? store.get() : undefined;
      if (!session)
        throw new HttpError('app.auth.session_expired', 401, {
          code: CLIENT_ERROR_CODES.noSession,
        });
      const reply = await client.request<TokenReply>(endpoints.auth.exchange, {
        method: 'POST',
        body: { organisationID: organisationId, token: session.token },
      });
      store.set(reply);
      identity.forget();
    },
  };
}
