// Which errors the portal reports (spec point 8: "reported, unless it is of a benign type"), and
// how often. Benign, never reported: a request cancelled because a newer one replaced it or the
// screen closed; the browser offline or the server unreachable (status 0: the report could not
// arrive either); a session that ended (401, handled by signing out); what the user may not see
// or that is gone (403, 404); a limit reached (429). Everything else is unexpected: a call the
// portal built that the server refused (400, other 4xx), a server failure (5xx), a script error.
import type { ClientErrorKind, ClientErrorReport } from './api/clientErrors.ts';
import { isBenignError } from './dashboardState.ts';

const BENIGN_STATUSES = new Set([0, 401, 403, 404, 429]);

interface HttpLike {
  status: number;
  body?: unknown;
}

const isHttpLike = (error: unknown): error is Error & HttpLike =>
  error instanceof Error && typeof (error as Partial<HttpLike>).status === 'number';

/** The report for an error, or null when it is benign. */
export function clientErrorReport(
  kind: ClientErrorKind,
  error: unknown,
  screen: string,
): ClientErrorReport | null {
  if (isBenignError(error)) return null;
  if (isHttpLike(error) && BENIGN_STATUSES.has(error.status)) return null;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return null;
  const message = error instanceof Error ? error.message : String(error);
  const requestId = isHttpLike(error)
    ? (error.body as { requestId?: unknown } | undefined)?.requestId
    : undefined;
  return {
    kind,
    message: message.slice(0, 1000) || '(no message)',
    screen: screen.slice(0, 2000),
    ...(isHttpLike(error) ? { status: error.status } : {}),
    ...(typeof requestId === 'string' ? { requestId: requestId.slice(0, 64) } : {}),
    ...(error instanceof Error && error.stack ? { stack: error.stack.slice(0, 4000) } : {}),
  };
}

/**
 * At most one report of the same error on the same screen a minute, and `limit` a page load:
 * a screen failing in a loop sends a few, not thousands.
 */
export class ReportThrottle {
  private readonly lastSent = new Map<string, number>();
  private sent = 0;

  constructor(
    private readonly limit = 20,
    private readonly repeatMs = 60_000,
  ) {}

  allows(report: ClientErrorReport, nowMs: number): boolean {
    if (this.sent >= this.limit) return false;
    const key = `${report.kind}|${report.screen}|${report.message}`;
    const last = this.lastSent.get(key);
    if (last !== undefined && nowMs - last < this.repeatMs) return false;
    this.lastSent.set(key, nowMs);
    this.sent++;
    return true;
  }
}
