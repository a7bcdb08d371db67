// PostgreSQL through DATABASE_URL, with a connection pool.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFromStdin, to as copyToStdout } from 'pg-copy-streams';
import type { Database, Queryable, SqlParam } from './database.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query({ text: sql, values: [...params], types: typeParsers });
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    copyFrom: (table, columns, data) =>
      onOneConnection(client, async (connection) => {
        const sql = `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT binary)`;
        await pipeline(Readable.from([data]), connection.query(copyFromStdin(sql)));
      }),
    copyOut: (query) =>
      onOneConnection(client, async (connection) => {
        const chunks: Buffer[] = [];
        const stream = connection.query(
          copyToStdout(`COPY (${query}) TO STDOUT WITH (FORMAT binary)`),
        );
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }),
  };
}

/** A pool has no one connection to stream through: a COPY takes one for the statement. */
async function onOneConnection<T>(
  client: pg.Pool | pg.PoolClient,
  work: (connection: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const connection = 'release' in client ? client : await client.connect();
  try {
    return await work(connection);
  } finally {
    if (connection !== client) connection.release();
  }
}

export async function openPostgres(
  connectionString: string,
  onIdleError: (error: Error) => void = (error) =>
    console.error('PostgreSQL idle connection lost:', error.message),
): Promise<Database> {
  // JIT off: PostgreSQL estimates the batch statements over unnest() arrays as costly enough to
  // compile, and compiling took 467 of the 498 ms of the engine's neighbour lookup for 1,000
  // machines (docs/performance.md). `?options=-c%20jit%3Don` in DATABASE_URL turns it back on.
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // An idle connection ended by the server (a restart, an administrator) must not crash the
  // process: the pool drops it and opens a new one when needed.
  pool.on('error', onIdleError);
  // Fail at start-up, with the server's own message, rather than on the first request.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotice, onGap) => listen(connectionString, channel, onNotice, onGap),
  };
}

/** A connection of its own that LISTENs on `channel`, opened again a second after any loss. */
async function listen(
  connectionString: string,
  channel: string,
  onNotice: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '');
    });
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped) setTimeout(() => void reopen(), 1000);
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  const reopen = async (): Promise<void> => {
    if (stopped || client) return;
    try {
      await open();
      onGap();
    } catch {
      if (!stopped) setTimeout(() => void reopen(), 1000);
    }
  };
  await open();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
