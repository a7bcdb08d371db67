// Applies the numbered SQL files in migrations/ once each, in order, on PGlite and PostgreSQL alike;
// a file named NNN_name.postgres.sql applies on PostgreSQL only (what the embedded database, one
// process on one machine, does not need: partitions).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: it serialises migrations when several servers start against one database.
const MIGRATION_LOCK_ID = 4_210_017;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Applied on PostgreSQL only. */
  postgresOnly?: boolean;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+(\.postgres)?\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: readFileSync(path.join(dir, file), 'utf8'),
      postgresOnly: file.endsWith('.postgres.sql'),
    }));
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migration')).map(
        (r) => r.version,
      ),
    );
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      if (!migration.postgresOnly || db.kind === 'postgres') await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migration (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.name);
    }
    return done;
  });
}
