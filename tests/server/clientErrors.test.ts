// POST /v1/client-errors: the portal's unexpected errors reach the server's log, signed in or not,
// and a browser in a loop is cut off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.ts';
import { call, signIn, startTestServer, type TestServer } from '../support/testServer.ts';

const report = {
  kind: 'machine-list',
  message: 'Internal Server Error',
  screen: '/machines?startDate=max',
  status: 500,
  requestId: 'req-1',
};

describe.each(testDatabases)('client error reports on $kind', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, { env: { CLIENT_ERROR_REPORTS_PER_MINUTE: '3' } });
  });
  afterAll(() => server.close());

  it('takes a report with or without a session, and refuses a malformed one', async () => {
    const { token } = await signIn(server);
    expect((await call(server, 'POST', '/v1/client-errors', { token, body: report })).status).toBe(
      204,
    );
    expect(
      await call(server, 'POST', '/v1/client-errors', { body: { ...report, kind: 'gossip' } }),
    ).toMatchObject({ status: 400, body: { field: 'kind' } });
    expect(
      await call(server, 'POST', '/v1/client-errors', {
        body: { ...report, message: 'x'.repeat(1001) },
      }),
    ).toMatchObject({ status: 400, body: { field: 'message' } });
  });

  it('cuts off a browser that reports in a loop', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(server, 'POST', '/v1/client-errors', { body: report })).status);
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(3);
    expect(statuses.at(-1)).toBe(429);
  });
});
