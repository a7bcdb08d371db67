// The embedded default: PostgreSQL compiled to WebAssembly, in this process, with files under DATA_DIR.
import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { lockDataDir } from './dataDirLock.ts';
import { preparedCluster } from './pgliteCluster.ts';
import type { Database, Queryable, SqlParam } from './database.ts';

// Same value types as the PostgreSQL adapter: counts and sums come back as numbers.
const parsers = { [types.INT8]: Number, [types.NUMERIC]: Number };

interface PgliteLike {
  query<Row>(
    sql: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ): Promise<{ rows: Row[]; blob?: Blob }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * A turn of the event loop before a statement. PGlite runs statements on this thread and resolves
 * them without one, so a request whose statements follow one another would keep the sockets
 * waiting until it is done: under load every other request was read, and every reply written, only
 * after all the work queued before it (docs/performance.md, issue 20).
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function wrap(pg: PgliteLike, yieldFirst: boolean): Queryable {
  return {
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      if (yieldFirst) await turn();
      return (await pg.query<Row>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async copyFrom(table, columns, data) {
      if (yieldFirst) await turn();
      // PGlite reads a query's blob as the file /dev/blob.
      await pg.query(
        `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT binary)`,
        [],
        {
          blob: new Blob([data]),
        },
      );
    },
    async copyOut(query) {
      if (yieldFirst) await turn();
      // What a COPY writes to /dev/blob comes back as the result's blob.
      const { blob } = await pg.query(`COPY (${query}) TO '/dev/blob' WITH (FORMAT binary)`);
      if (!blob) throw new Error('COPY TO /dev/blob returned nothing');
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}

/**
 * Opens the database in `dataDir`, or in memory when `dataDir` is undefined (tests). `loadDataDir`
 * starts it from a dump (PGlite's dumpDataDir) instead of an empty cluster.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pg: PGlite;
  try {
    const loadDataDir = options.loadDataDir ?? (dataDir ? preparedCluster(dataDir) : undefined);
    pg = await PGlite.create(dataDir, { parsers, loadDataDir });
  } catch (error) {
    release();
    throw error;
  }
  return {
    kind: 'pglite',
    ...wrap(pg, true),
    // Within a transaction the statements hold the database: no turn between them.
    transaction: (work) => pg.transaction((tx) => work(wrap(tx, false))),
    close: async () => {
      await pg.close();
      release();
    },
    dumpDataDir: async () => (await pg.dumpDataDir('none')) as Blob,
  };
}
