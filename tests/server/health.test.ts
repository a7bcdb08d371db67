// Liveness and readiness as orchestrators ask for them: live as soon as the process answers, ready
// only once every start-up step has ended; and the log a person reads on a terminal.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DebugRequestLog, loggerOptions, usesPrettyLog } from '../../server/logging.ts';
import { Readiness, type StepReport } from '../../server/readiness.ts';
import { testDatabases, type TestDatabase } from '../support/databases.ts';
import { call, startTestServer, type TestServer } from '../support/testServer.ts';
import { describeServer } from '../support/describeServer.ts';

describe('start-up readiness', () => {
  it('is ready only when it has been opened and every step has ended, failed ones included', async () => {
    const reports: StepReport[] = [];
    const readiness = new Readiness((report) => reports.push(report));
    let finishHistory = (): void => undefined;
    const history = readiness.track(
      'demo history',
      () => new Promise<void>((resolve) => (finishHistory = resolve)),
    );
    const backlog = readiness.track('recompute backlog', async () => {
      throw new Error('disk full');
    });
    expect(readiness.isReady).toBe(false);
    await backlog;
    readiness.open();
    expect(readiness.pending).toEqual(['demo history']);
    const ready = readiness.whenReady();
    finishHistory();
    await history;
    await ready;
    expect(readiness.isReady).toBe(true);
    expect(reports.map((r) => [r.step, r.error instanceof Error])).toEqual([
      ['recompute backlog', true],
      ['demo history', false],
    ]);
  });
});

describeServer('health', { seed: false }, (fixture) => {
  it('answers live and ready once start-up is done', async () => {
    expect(await call(fixture.server, 'GET', '/v1/health/live')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    for (const path of ['/v1/health/ready', '/v1/health'])
      expect(await call(fixture.server, 'GET', path)).toMatchObject({
        status: 200,
        body: { status: 'ok', pending: [] },
      });
  });
});

const pglite = testDatabases.find((database) => database.kind === 'pglite') as TestDatabase;

describe('health while starting', () => {
  let server: TestServer;
  let finish = (): void => undefined;
  beforeAll(async () => {
    const readiness = new Readiness();
    void readiness.track('demo history', () => new Promise<void>((resolve) => (finish = resolve)));
    readiness.open();
    server = await startTestServer(pglite, { seed: false, readiness });
  });
  afterAll(() => server.close());

  it('is live but not ready, naming what it waits for, until the step ends', async () => {
    expect((await call(server, 'GET', '/v1/health/live')).status).toBe(200);
    expect(await call(server, 'GET', '/v1/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'starting', pending: ['demo history'] },
    });
    finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await call(server, 'GET', '/v1/health/ready')).status).toBe(200);
  });
});

describe('the log', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(usesPrettyLog({ logFormat: 'auto' }, true)).toBe(true);
    expect(usesPrettyLog({ logFormat: 'auto' }, false)).toBe(false);
    expect(usesPrettyLog({ logFormat: 'json' }, true)).toBe(false);
    expect(usesPrettyLog({ logFormat: 'pretty' }, false)).toBe(true);
    expect(loggerOptions({ logFormat: 'json', logLevel: 'info' }, true)).toEqual({ level: 'info' });
  });

  it('writes request lines at debug only', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    for (const level of ['info', 'debug'] as const) {
      lines.length = 0;
      const app = Fastify({ logger: { level, stream }, logController: new DebugRequestLog() });
      app.get('/ping', async () => ({ ok: true }));
      app.get('/boom', async () => {
        throw new Error('boom');
      });
      await app.inject({ url: '/ping' });
      await app.inject({ url: '/nowhere' });
      await app.inject({ url: '/boom' });
      await app.close();
      const messages = lines.map((line) => line.msg);
      // The failure is logged at error whatever the level; the calls only at debug.
      expect(messages).toContain('boom');
      if (level === 'info') expect(messages).toEqual(['boom']);
      else expect(messages).toEqual(expect.arrayContaining(['request', 'no such route']));
    }
  });
});
