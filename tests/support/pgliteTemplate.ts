// A migrated, empty PGlite database kept as a dump, made once per set of migrations and reused by
// every test that opens one: an empty cluster and the migrations cost 3 to 5 s per test file on
// this 2-core machine, starting from the dump under one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/database.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';

/** Named by what it holds: another set of migrations, or another PGlite, makes another dump. */
function templatePath(): string {
  const hash = createHash('sha256');
  for (const { name, sql } of readMigrations()) hash.update(name).update(sql);
  const pglite = readFileSync(
    path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'),
    'utf8',
  );
  hash.update(pglite);
  return path.join(tmpdir(), `portal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function template(file: string): Promise<Blob> {
  if (!existsSync(file)) {
    const db = await openPglite(undefined);
    try {
      await migrate(db);
      const dump = await db.dumpDataDir();
      // Written whole, then renamed: a worker reading meanwhile sees no file or all of it.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/** A fresh in-memory PGlite database with every migration applied. */
export async function openMigratedPglite(): Promise<Database> {
  const db = await openPglite(undefined, { loadDataDir: await template(templatePath()) });
  // Applies nothing when the dump is current; kept so that a stale dump can never go unnoticed.
  await migrate(db);
  return db;
}
