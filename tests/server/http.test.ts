// The HTTP shell: health, OpenAPI, the error shape, 404 and 413, request ids, and the portal's history fallback.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../support/databases.ts';
import { tempWebDir } from '../support/webDir.ts';
import { call, startTestServer, type TestServer } from '../support/testServer.ts';

describe.each(testDatabases)('HTTP shell on $kind', (database) => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = tempWebDir();
    server = await startTestServer(database, {
      env: { WEB_DIR: webDir, BODY_LIMIT_BYTES: '2048' },
      seed: false,
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.runIf(database.kind === 'postgres')(
    'keeps serving when PostgreSQL ends its idle connections',
    async () => {
      await server.db.query('SELECT 1');
      await server.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(await call(server, 'GET', '/v1/health')).toMatchObject({
        status: 200,
        body: { status: 'ok' },
      });
    },
  );

  it('answers health once the database is ready', async () => {
    expect(await call(server, 'GET', '/v1/health')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
  });

  it('publishes an OpenAPI document covering the routes', async () => {
    const reply = await call<{ openapi: string; paths: Record<string, unknown> }>(
      server,
      'GET',
      '/v1/openapi.json',
    );
    expect(reply.body.openapi).toMatch(/^3\./);
    expect(Object.keys(reply.body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/auth/login',
        '/v1/me',
        '/v1/users/settings',
        '/v1/portal/machines/list',
      ]),
    );
  });

  it('answers unknown /v1 paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const reply = await call(server, method, '/v1/no/such/thing');
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' });
      expect(reply.headers.get('content-type')).toContain('application/json');
    }
  });

  it('answers 400 naming the field, and 400 for malformed JSON', async () => {
    const missing = await call(server, 'POST', '/v1/auth/login', {
      body: { email: 'a@b.example' },
    });
    expect(missing.body).toMatchObject({ statusCode: 400, code: 'VALIDATION', field: 'password' });
    const extra = await call(server, 'POST', '/v1/auth/login', {
      body: { email: 'a@b.example', password: 'x', admin: true },
    });
    expect(extra.body).toMatchObject({ statusCode: 400, field: 'admin' });
    const malformed = await call(server, 'POST', '/v1/auth/login', { rawBody: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ statusCode: 400 });
  });

  it('refuses an oversized body with 413', async () => {
    const reply = await call(server, 'POST', '/v1/auth/login', {
      body: { email: 'a@b.example', password: 'x'.repeat(4096) },
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('tags every reply with a request id, keeping a sane one the caller sent', async () => {
    const reply = await fetch(`${server.url}/v1/health`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(reply.headers.get('x-request-id')).toBe('trace-42');
    const error = await call(server, 'GET', '/v1/nothing');
    expect(error.body.requestId).toBe(error.headers.get('x-request-id'));
  });

  it('serves the portal for every page path, /embedded from its own entry, and assets as files', async () => {
    for (const page of ['/', '/machines', '/machines/123?startDate=max', '/login']) {
      const reply = await fetch(`${server.url}${page}`);
      expect(reply.status, page).toBe(200);
      expect(await reply.text()).toBe('<html>portal</html>');
    }
    const embedded = await fetch(`${server.url}/embedded`);
    expect(await embedded.text()).toBe('<html>embedded</html>');
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing-999.js`)).status).toBe(404);
  });
});
