// POST /v1/client-errors: the portal's unexpected errors reach the server's log, signed in or not,
// and a browser in a loop is cut off.
import { expect, it } from 'vitest';
import { call, signIn } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

const report = {
  kind: 'machine-list',
  message: 'Internal Server Error',
  screen: '/machines?startDate=max',
  status: 500,
  requestId: 'req-1',
};

describeServer(
  'client error reports',
  { env: { CLIENT_ERROR_REPORTS_PER_MINUTE: '3' } },
  (fixture) => {
    it('takes a report with or without a session, and refuses a malformed one', async () => {
      const { token } = await signIn(fixture.server);
      expect(
        (await call(fixture.server, 'POST', '/v1/client-errors', { token, body: report })).status,
      ).toBe(204);
      expect(
        await call(fixture.server, 'POST', '/v1/client-errors', {
          body: { ...report, kind: 'gossip' },
        }),
      ).toMatchObject({ status: 400, body: { field: 'kind' } });
      expect(
        await call(fixture.server, 'POST', '/v1/client-errors', {
          body: { ...report, message: 'x'.repeat(1001) },
        }),
      ).toMatchObject({ status: 400, body: { field: 'message' } });
    });

    it('cuts off a browser that reports in a loop', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await call(fixture.server, 'POST', '/v1/client-errors', { body: report })).status,
        );
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(3);
      expect(statuses.at(-1)).toBe(429);
    });
  },
);
