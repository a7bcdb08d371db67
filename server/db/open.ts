// Chooses the database from the configuration and brings its schema up to date.
import path from 'node:path';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { tracingOn } from '../observability/tracing.ts';
import { tracedDatabase } from './traced.ts';

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
}): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir && path.join(options.dataDir, 'pglite'));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return tracingOn() ? tracedDatabase(db) : db;
}
