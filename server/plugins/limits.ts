// Abuse limits: the whole API rate-limited per user and address (@fastify/rate-limit), and calls
// declared expensive (reports, heat maps) limited in how many run at once, per user and in all,
// with 429 and Retry-After; an expensive call's signal aborts when its client goes away.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ROOT, INGEST_ROOT } from '../../src/domain/api/endpoints.ts';
import { ERROR_CODES } from '../../src/domain/api/errors.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../httpError.ts';
import { type KeyRing } from '../security/signingKeys.ts';
import { verifyAccessToken } from '../security/tokens.ts';
import { bearerToken } from './access.ts';
import { rateWindowStore, type RateWindows } from './rateWindows.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Computed on request at some cost: limited in how many run at once. */
    expensive?: boolean;
  }
  interface FastifyRequest {
    /** Aborts when the client goes away before the reply, so long work can stop. */
    clientGone: AbortSignal;
  }
}

/** How long a refused expensive call is told to wait. */
const EXPENSIVE_RETRY_S = 5;

const tooMany = (message: string, retryAfterS: number) =>
  new HttpError(429, ERROR_CODES.tooManyRequests, message, undefined, {
    'retry-after': String(retryAfterS),
  });

export async function registerLimits(
  app: FastifyInstance,
  config: Pick<
    Config,
    'rateLimitPerMinute' | 'ingestRateLimitPerMinute' | 'expensivePerUser' | 'expensiveTotal'
  >,
  keys: KeyRing,
  /** The counts every api process shares, where several may answer; this process's alone when not given. */
  windows?: RateWindows,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    ...(windows ? { store: rateWindowStore(windows) } : {}),
    timeWindow: 60_000,
    max: (request: FastifyRequest) =>
      request.url.startsWith(INGEST_ROOT)
        ? config.ingestRateLimitPerMinute
        : config.rateLimitPerMinute,
    // Per user and address: a signed-in user by their verified id, anyone else by address alone;
    // devices' ingest counts apart, so a busy gateway never uses up people's sign-ins.
    keyGenerator: (request: FastifyRequest) => {
      if (request.url.startsWith(INGEST_ROOT)) return `ingest|${request.ip}`;
      const token = bearerToken(request);
      const claims = token ? verifyAccessToken(keys, token) : undefined;
      return `${claims?.sub ?? 'anonymous'}|${request.ip}`;
    },
    // Only the API: the portal's own files are not counted.
    allowList: (request: FastifyRequest) => !request.url.startsWith(`${API_ROOT}/`),
    errorResponseBuilder: (_request, context) =>
      tooMany(
        `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds`,
        Math.ceil(context.ttl / 1000),
      ),
  });

  const running = new Map<string, number>();
  let total = 0;
  app.decorateRequest('clientGone', null as unknown as AbortSignal);
  app.addHook('onRoute', (route) => {
    if (!route.config?.expensive) return;
    const held = new WeakSet<FastifyRequest>();
    // A public expensive call (a report page opened by its token) counts by address.
    const userOf = (request: FastifyRequest) =>
      (request.auth as typeof request.auth | null)?.sub ?? `address|${request.ip}`;
    const release = (request: FastifyRequest) => {
      if (!held.has(request)) return;
      held.delete(request);
      const user = userOf(request);
      const count = (running.get(user) ?? 1) - 1;
      if (count > 0) running.set(user, count);
      else running.delete(user);
      total--;
    };
    const acquire = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = userOf(request);
      if ((running.get(user) ?? 0) >= config.expensivePerUser)
        throw tooMany('You have reports or maps being computed already', EXPENSIVE_RETRY_S);
      if (total >= config.expensiveTotal)
        throw tooMany(
          'The server is computing other reports; try again shortly',
          EXPENSIVE_RETRY_S,
        );
      running.set(user, (running.get(user) ?? 0) + 1);
      total++;
      held.add(request);
      const controller = new AbortController();
      request.clientGone = controller.signal;
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
    };
    const releaseHook = async (request: FastifyRequest) => release(request);
    const toArray = <T>(hook: T | T[] | undefined): T[] =>
      Array.isArray(hook) ? hook : hook ? [hook] : [];
    route.preHandler = [...toArray(route.preHandler), acquire];
    // Whichever comes: the reply is about to be sent, it was sent, or the client went away.
    route.onSend = [...toArray(route.onSend), releaseHook];
    route.onResponse = [...toArray(route.onResponse), releaseHook];
    route.onRequestAbort = [...toArray(route.onRequestAbort), releaseHook];
  });
}
