// Sends the hostile requests of hostile.ts to every route, from a fixed seed so a failure comes
// back the same, and holds each reply to the contract: never a 500, an error in the API's shape,
// and exactly one audit row for every accepted write (none for a refused one).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Queryable } from '../../../server/db/database.ts';
import { signIn } from '../testServer.ts';
import { auditProblem, sendRaw, sweepRequestId, type Route, type Sweep } from './contract.ts';
import { hostileCase, type HostileCase } from './hostile.ts';

const CHUNK = 250;

export interface ProbeTotals {
  routes: number;
  cases: number;
  /** How many replies had each status. */
  statuses: Record<number, number>;
  failures: string[];
}

/** A short, printable account of a case, for the failure line. */
function describe(route: Route, hostile: HostileCase): string {
  const shown = JSON.stringify(hostile.raw?.bytes.toString() ?? hostile.body ?? hostile.params);
  return `${route.method} ${route.path} ${hostile.kind}: ${(shown ?? '').slice(0, 160)}`;
}

const isErrorShape = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { message?: unknown }).message === 'string';

/**
 * A number of the route's own (from its method and path), so that its cases stay the same however
 * the routes are ordered or added to, and a run split by route sends what one whole run would.
 */
function routeNumber({ method, path }: Route): number {
  const digest = createHash('sha256').update(`${method} ${path}`).digest();
  return digest.readUInt32BE(0) >>> 2;
}

export async function probeRoutes(
  server: { url: string; db: Queryable },
  sweep: Sweep,
  options: {
    casesPerRoute: number;
    seed: number;
    /** Requests in flight at once; one when not given. */
    concurrency?: number;
    /** Only the routes from index `from` up to (not including) `to`; each keeps its own seed. */
    routes?: { from: number; to: number };
    /** Told after each route, for progress on long runs. */
    onRoute?: (route: Route, totals: ProbeTotals) => void;
  },
): Promise<ProbeTotals> {
  const totals: ProbeTotals = { routes: 0, cases: 0, statuses: {}, failures: [] };
  for (const [index, route] of sweep.routes.entries()) {
    if (options.routes && (index < options.routes.from || index >= options.routes.to)) continue;
    const routeSeed = options.seed + routeNumber(route);
    const access = route.operation['x-access'];
    const caller = access === 'staff' ? 'staff' : access === 'public' ? undefined : 'admin';
    const arbitrary = hostileCase(route, sweep.ids);
    let refused = false;
    const one = async (hostile: HostileCase) => {
      const requestId = sweepRequestId();
      const token = caller ? sweep.tokens[caller] : undefined;
      let reply: { status: number; body: unknown };
      try {
        reply = await sendRaw(server.url, route, { ...hostile, token, requestId });
      } catch (error) {
        totals.failures.push(`${describe(route, hostile)}: no reply (${String(error)})`);
        return;
      }
      totals.cases++;
      totals.statuses[reply.status] = (totals.statuses[reply.status] ?? 0) + 1;
      if (reply.status >= 500) totals.failures.push(`${describe(route, hostile)}: ${reply.status}`);
      else if (reply.status >= 400 && !isErrorShape(reply.body))
        totals.failures.push(`${describe(route, hostile)}: ${reply.status} not in the error shape`);
      const audit = await auditProblem(server.db, route, Boolean(token), requestId, reply.status);
      if (audit) totals.failures.push(`${describe(route, hostile)}: ${audit}`);
      if (reply.status === 401 && token) refused = true;
    };
    // Made a chunk at a time (some cases are large), each chunk from its own fixed seed; a few
    // sent at once keep the server busy while the sweep checks the replies.
    const inFlight = options.concurrency ?? 1;
    for (let chunk = 0; chunk * CHUNK < options.casesPerRoute; chunk++) {
      const cases = fc.sample(arbitrary, {
        seed: routeSeed + chunk,
        numRuns: Math.min(CHUNK, options.casesPerRoute - chunk * CHUNK),
      });
      for (let start = 0; start < cases.length; start += inFlight)
        await Promise.all(cases.slice(start, start + inFlight).map(one));
    }
    // A case may have ended the caller's session (a sign-out): sign in again for the next route.
    if (refused && caller) await renewToken(server, sweep, caller);
    totals.routes++;
    options.onRoute?.(route, totals);
  }
  return totals;
}

const EMAILS = { admin: 'admin@demo.example', staff: 'staff@demo.example' } as const;

async function renewToken(server: { url: string }, sweep: Sweep, caller: 'admin' | 'staff') {
  const me = await fetch(`${server.url}/v1/me`, {
    headers: { authorization: `Bearer ${sweep.tokens[caller]}` },
  });
  if (me.status === 401) sweep.tokens[caller] = (await signIn(server, EMAILS[caller])).token;
}
