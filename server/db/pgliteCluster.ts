// A new embedded database starts from a copy of an empty cluster instead of running PGlite's
// initdb: on this 2-core machine initdb took 5.4 to 7.2 s of a first start, loading the copy
// 2.2 to 2.4 s (docs/performance.md). `npm ci` makes the copy once (the `prepare` script); without
// it a new database runs initdb as before.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Named by PGlite's version: another PGlite makes, and needs, another copy. */
function clusterPath(): string {
  const manifest = path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(ROOT, 'node_modules/.cache/fleet-portal', `pglite-${version}-cluster.tar.gz`);
}

/** The empty cluster for a data folder that holds none yet; undefined when there is no copy. */
export function preparedCluster(dataDir: string): Blob | undefined {
  const file = clusterPath();
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}

/** Makes the copy unless it is there: a fresh cluster from initdb, dumped as PGlite loads it. */
export async function prepareCluster(): Promise<string> {
  const file = clusterPath();
  if (existsSync(file)) return file;
  const pg = await PGlite.create();
  try {
    const dump = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a start meanwhile sees no copy or all of it.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await pg.close();
  }
  return file;
}
