// The databases the server tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openPooledPglite } from './pglitePool.ts';

export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; closing it drops it. */
  open(): Promise<{ db: Database; close(): Promise<void> }>;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

if (process.env.CI === 'true' && !testDatabaseUrl) {
  throw new Error(
    'CI=true requires TEST_DATABASE_URL: the PostgreSQL suite must not skip itself in CI',
  );
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const pglite: TestDatabase = {
  kind: 'pglite',
  open: openPooledPglite,
};

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fleet_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const postgres: TestDatabase = {
  kind: 'postgres',
  async open() {
    const { url, drop } = await createPostgresDatabase();
    const db = await openDatabase({ databaseUrl: url, dataDir: undefined });
    return {
      db,
      async close() {
        await db.close();
        await drop();
      },
    };
  },
};

/**
 * Under CI's fake clock (tests/support/fakeClock.mjs) only PGlite runs: it reads the process's
 * clock, whereas PostgreSQL's now() stays real; the real-clock run covers PostgreSQL.
 */
const fakeClock = Number(process.env.FAKE_CLOCK_OFFSET_MS ?? 0) !== 0;

export const testDatabases: TestDatabase[] =
  testDatabaseUrl && !fakeClock ? [pglite, postgres] : [pglite];
