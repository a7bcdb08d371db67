// Backups of the portal's database, and restoring one. The embedded database (PGlite) is dumped
// whole, as PGlite's own data-directory archive; PostgreSQL with pg_dump's custom format, restored
// by pg_restore. A restore never leaves the portal without a database: the embedded one is unpacked
// and opened beside the current one before the two swap (the old one is kept, renamed), and
// pg_restore runs in one transaction, so a bad archive changes nothing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './dataDirLock.ts';

export class BackupError extends Error {}

/** Where PGlite keeps its files under the portal's data folder (server/db/open.ts). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

const stamp = (now = new Date()) => now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');

export function defaultBackupFile(kind: 'pglite' | 'postgres', now = new Date()): string {
  return path.resolve(
    'backups',
    `fleet-${kind}-${stamp(now)}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`,
  );
}

/** Archives the embedded database; the portal must be stopped (it holds the folder's lock). */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (!existsSync(dir)) throw new BackupError(`There is no embedded database in ${dataDir}`);
  const release = lockDataDir(dir);
  try {
    const pg = await PGlite.create(dir);
    try {
      const archive = await pg.dumpDataDir('gzip');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

/**
 * Replaces the embedded database with an archive. The archive is unpacked into a new folder and
 * opened (its machines counted) first; only then does the current folder step aside, renamed, and
 * the new one take its place. Returns where the previous database was kept.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | null> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const dir = pgliteDir(dataDir);
  const incoming = `${dir}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  mkdirSync(incoming, { recursive: true });
  // The current database must not be in use while it is replaced.
  const release = existsSync(dir) ? lockDataDir(dir) : () => undefined;
  try {
    try {
      const pg = await PGlite.create(incoming, {
        loadDataDir: new Blob([readFileSync(file)]),
      });
      try {
        await pg.query('SELECT count(*) FROM machine');
      } finally {
        await pg.close();
      }
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw new BackupError(
        `${file} is not a backup of the portal's embedded database: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let kept: string | null = null;
    if (existsSync(dir)) {
      kept = `${dir}.before-restore-${stamp()}`;
      renameSync(dir, kept);
    }
    renameSync(incoming, dir);
    // The old folder's lock file went with it.
    rmSync(path.join(dir, 'portal.lock'), { force: true });
    return kept;
  } finally {
    release();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new BackupError(
          `${command} could not run (${error.message}): install the PostgreSQL client tools`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** pg_dump of the whole database in the custom format. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    `--file=${file}`,
    `--dbname=${databaseUrl}`,
  ]);
}

/** pg_restore into the database, replacing what it holds, in one transaction. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
