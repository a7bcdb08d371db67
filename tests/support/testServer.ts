// Starts the real app on 127.0.0.1 over a fresh database with the demo seed, for HTTP tests.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { ReadModel } from '../../server/readModel/readModel.ts';
import type { RollupScheduler } from '../../server/telemetry/engine/scheduler.ts';
import type { Ingest } from '../../server/telemetry/ingest.ts';
import { buildPipeline } from '../../server/telemetry/pipeline.ts';
import type { TestDatabase } from './databases.ts';

export const DEMO_PASSWORD = 'Demo-portal-1';
export const DEMO_ADMIN = 'admin@demo.example';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** The rollups that committed records schedule: drain() before reading them. */
  rollups: RollupScheduler;
  /** The ingest the HTTP routes use, for device listeners a test starts. */
  ingest: Ingest;
  /** The figures held in memory for the list and the dashboard. */
  readModel: ReadModel;
  close(): Promise<void>;
}

export async function startTestServer(
  database: TestDatabase,
  options: {
    env?: Record<string, string>;
    signInLimits?: AppOptions['signInLimits'];
    seed?: boolean;
    readiness?: AppOptions['readiness'];
    reports?: AppOptions['reports'];
    /** Connected Teltonika devices, for a test that starts a listener with the same registry. */
    devices?: AppOptions['devices'];
  } = {},
): Promise<TestServer> {
  const { db, close } = await database.open();
  const filesDir = mkdtempSync(path.join(tmpdir(), 'portal-files-'));
  const config = loadConfig({
    FILES_DIR: filesDir,
    WEB_DIR: '',
    LOG_LEVEL: 'silent',
    // Tests call far faster than people: the limits have tests of their own.
    RATE_LIMIT_PER_MINUTE: '1000000',
    CLIENT_ERROR_REPORTS_PER_MINUTE: '1000000',
    EXPENSIVE_PER_USER: '50',
    EXPENSIVE_TOTAL: '100',
    MAIL_CAP_ORGANISATION_PER_DAY: '1000000',
    MAIL_CAP_USER_PER_DAY: '1000000',
    MAIL_CAP_OUTSIDE_PER_DAY: '1000000',
    ...options.env,
  });
  if (options.seed !== false)
    await seedDemoIfEmpty(db, { adminEmail: DEMO_ADMIN, password: DEMO_PASSWORD });
  const pipeline = buildPipeline(db, { oemFeedAllowPrivate: config.oemFeedAllowPrivate });
  const { rollups, ingest } = pipeline;
  const readModel = new ReadModel(db);
  const app = await buildApp({
    pipeline,
    readModel,
    config,
    db,
    logger: false,
    signInLimits: options.signInLimits,
    readiness: options.readiness,
    ...(options.reports ? { reports: options.reports } : {}),
    ...(options.devices ? { devices: options.devices } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    config,
    rollups,
    ingest,
    readModel,
    async close() {
      await pipeline.close();
      await app.close();
      await close();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export interface JsonReply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One HTTP call with an optional JSON body and bearer token. */
export async function call<T = Record<string, unknown>>(
  server: Pick<TestServer, 'url'>,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    rawBody?: string;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonReply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as T,
  };
}

/** The refresh cookie a sign-in, refresh or exchange reply set, as a Cookie header value. */
export function refreshCookieOf(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('fleet_refresh='));
  const pair = cookie?.split(';')[0];
  return pair && pair !== 'fleet_refresh=' ? pair : undefined;
}

export async function signIn(
  server: Pick<TestServer, 'url'>,
  email = DEMO_ADMIN,
  password = DEMO_PASSWORD,
) {
  const reply = await call<{ token: string; expiresIn: number }>(server, 'POST', '/v1/auth/login', {
    body: { email, password },
  });
  if (reply.status !== 200) throw new Error(`sign-in as ${email} failed with ${reply.status}`);
  return { ...reply.body, cookie: refreshCookieOf(reply.headers) ?? '' };
}
