// Which errors the portal reports, and how often (spec point 8).
import { describe, expect, it } from 'vitest';
import { clientErrorReport, ReportThrottle } from '../../src/domain/clientErrors.ts';

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

describe('client error reports', () => {
  it('leaves out the benign: cancelled, offline, signed out, forbidden, gone, limited', () => {
    const aborted = new Error('aborted');
    aborted.name = 'AbortError';
    for (const error of [
      aborted,
      new TypeError('Failed to fetch'),
      new HttpError('x', 0),
      new HttpError('x', 401),
      new HttpError('x', 403),
      new HttpError('x', 404),
      new HttpError('x', 429),
    ])
      expect(clientErrorReport('dashboard', error, '/dashboard')).toBeNull();
  });

  it('reports a server failure with its status and request id, and a script error', () => {
    expect(
      clientErrorReport(
        'dashboard',
        new HttpError('boom', 503, { requestId: 'r-1' }),
        '/dashboard',
      ),
    ).toMatchObject({ kind: 'dashboard', message: 'boom', status: 503, requestId: 'r-1' });
    expect(
      clientErrorReport('error-screen', new RangeError('Invalid time value'), '/machines'),
    ).toMatchObject({ kind: 'error-screen', message: 'Invalid time value', screen: '/machines' });
  });

  it('sends the same error once a minute, and a few a page', () => {
    const throttle = new ReportThrottle(3, 60_000);
    const report = (message: string) => ({ kind: 'dashboard' as const, message, screen: '/' });
    expect(throttle.allows(report('a'), 0)).toBe(true);
    expect(throttle.allows(report('a'), 30_000)).toBe(false);
    expect(throttle.allows(report('a'), 61_000)).toBe(true);
    expect(throttle.allows(report('b'), 61_000)).toBe(true);
    expect(throttle.allows(report('c'), 61_000)).toBe(false);
  });
});
