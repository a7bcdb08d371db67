// The one place that talks HTTP to /v1: bearer token, timeouts, token refresh and error shapes.
import { HttpError } from 'ra-core';
import { noteReply } from './freshness.ts';
import type { ApiError } from '../domain/api/errors.ts';
import type { TokenReply } from '../domain/api/auth.ts';
import { LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../domain/constants.ts';
import type { tokenStore as defaultTokenStore } from './tokenStore.ts';
import { endpoints } from '../domain/api/endpoints.ts';

/** Codes the client itself puts on errors, next to the server's codes. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  sessionTimeout: 'SESSION_TIMEOUT',
  noSession: 'NO_SESSION',
} as const;

export const NO_RESPONSE_MESSAGE = 'app.errors.no_response';

/** Refresh this long before the access token expires, so a request never races its expiry. */
const REFRESH_MARGIN_MS = 30_000;
// Reports and maps are computed on request and get the long timeout.
const LONG_CALL =
  /\/v1\/(portal\/)?(reports?|maps|admin\/reports|user\/reports|machines\/report)(\/|$|\?)/;

export function timeoutFor(path: string): number {
  return LONG_CALL.test(path) ? LONG_REQUEST_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** An array repeats its parameter (historyType=fuel&historyType=co2). */
  query?: Record<string, string | number | undefined | null | readonly string[]>;
  /** Sent as JSON; a FormData is sent as multipart (an upload). */
  body?: unknown;
  /** 'blob' for a file download; JSON otherwise. */
  responseType?: 'json' | 'blob';
  /** False for sign-in calls, which carry no token. */
  authenticated?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Headers of the call's own, such as a queued write's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** A reply with its headers, for the calls that carry meaning there (a list's Content-Range). */
export interface ApiReply<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** As `request`, keeping the status and headers. */
  exchange<T>(path: string, options?: RequestOptions): Promise<ApiReply<T>>;
  /** True when there is a live session, resuming it from the refresh cookie after a reload. */
  resume(): Promise<boolean>;
}

/** The error body the portal reads: the server's error shape, plus Retry-After when sent. */
export type ApiErrorBody = Partial<ApiError> & { code: string; retryAfterS?: number };

export interface ApiClientDeps {
  baseUrl?: string;
  store: typeof defaultTokenStore;
  getLanguage: () => string;
  fetch?: typeof fetch;
  now?: () => number;
}

// eslint-disable-next-line max-lines-per-function -- The client's closure: token refresh in a single flight, retries and aborts share its state.
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const { store, getLanguage, baseUrl = '', now = Date.now } = deps;
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function send<T>(
    path: string,
    options: RequestOptions,
    token?: string,
  ): Promise<ApiReply<T>> {
    const url = new URL(baseUrl + path, window.location.origin);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      // Null or empty parameters are dropped (spec point 5).
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined && item !== null && item !== '')
          url.searchParams.append(key, String(item));
      }
    }
    const headers: Record<string, string> = {
      ...options.headers,
      accept: 'application/json',
      'accept-language': getLanguage(),
    };
    const upload = options.body instanceof FormData;
    if (options.body !== undefined && !upload) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? timeoutFor(path));
    const cancel = () => controller.abort();
    options.signal?.addEventListener('abort', cancel);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: upload
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      // A caller that cancelled gets its own abort back; anything else is "no response".
      if (options.signal?.aborted) throw error;
      throw new HttpError(NO_RESPONSE_MESSAGE, 0, { code: CLIENT_ERROR_CODES.network });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', cancel);
    }

    noteReply(response.headers);
    const reply = (body: unknown): ApiReply<T> => ({
      status: response.status,
      headers: response.headers,
      body: body as T,
    });
    if (response.ok && options.responseType === 'blob') return reply(await response.blob());
    const text = response.status === 204 ? '' : await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = { message: text };
    }
    if (!response.ok) {
      const error = (body ?? {}) as Partial<ApiError>;
      const retryAfter = Number(response.headers.get('retry-after'));
      const errorBody: ApiErrorBody = {
        ...error,
        code: error.code ?? `HTTP_${response.status}`,
        ...(retryAfter > 0 ? { retryAfterS: retryAfter } : {}),
      };
      throw new HttpError(error.message ?? response.statusText, response.status, errorBody);
    }
    return reply(body);
  }

  let refreshing: Promise<boolean> | undefined;
  // The access token whose refresh the server refused: not offered again; sign-out clears it.
  let refusedToken: string | undefined;
  /**
   * One refresh at a time, however many requests find the token stale together. The refresh
   * token is the HttpOnly cookie the browser sends to /v1/auth by itself.
   */
  function refresh(): Promise<boolean> {
    const session = store.get();
    if (session ? session.token === refusedToken : !store.mayResume())
      return Promise.resolve(false);
    refreshing ??= send<TokenReply>(endpoints.auth.refresh, { method: 'POST' })
      .then(({ body: reply }) => {
        store.set(reply, now());
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 0) throw error;
        // A page that held a token keeps it until sign-out, so the timed-out notice can show;
        // a reload with nothing to resume simply forgets the hint.
        if (session) refusedToken = session.token;
        else store.clear();
        return false;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  async function exchange<T>(path: string, options: RequestOptions = {}): Promise<ApiReply<T>> {
    if (options.authenticated === false) return send<T>(path, options);
    let session = store.get();
    if (!session && !store.mayResume()) {
      throw new HttpError('app.auth.session_expired', 401, {
        code: CLIENT_ERROR_CODES.noSession,
      });
    }
    if (!session || session.expiresAt - now() < REFRESH_MARGIN_MS) {
      const refreshed = await refresh().catch((error: unknown) => {
        // No network and no token (the portal reopened offline): the service worker answers
        // reads from its cache, which needs none; anything else fails as having no response.
        if (!session && error instanceof HttpError && error.status === 0) return 'offline';
        throw error;
      });
      if (refreshed === 'offline') return send<T>(path, options);
      if (!refreshed) {
        throw new HttpError('app.auth.session_timed_out', 401, {
          code: CLIENT_ERROR_CODES.sessionTimeout,
        });
      }
      session = store.get();
    }
    return send<T>(path, options, session?.token);
  }

  return {
    exchange,
    async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
      return (await exchange<T>(path, options)).body;
    },

    async resume() {
      const session = store.get();
      if (session && session.expiresAt - now() >= REFRESH_MARGIN_MS) return true;
      return refresh();
    },
  };
}
