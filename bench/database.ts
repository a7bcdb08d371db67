// A fresh database for one benchmark run: PGlite in a temporary folder, or with
// BENCH_DATABASE_URL a new PostgreSQL database, dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../server/db/database.ts';
import { openDatabase } from '../server/db/open.ts';

export const benchDatabaseKind = () => (process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite');

export async function freshDatabase(label: string): Promise<{
  db: Database;
  dispose(): Promise<void>;
  /** The PostgreSQL database's URL, or PGlite's folder: for a server process of its own. */
  url?: string;
  dataDir?: string;
}> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), 'fleet-bench-'));
    const db = await openDatabase({ databaseUrl: undefined, dataDir: dir });
    return {
      db,
      dataDir: dir,
      dispose: async () => {
        await db.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `fleet_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: target.toString(), dataDir: undefined });
  return {
    db,
    url: target.toString(),
    async dispose() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}
