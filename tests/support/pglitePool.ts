// PGlite databases handed back when a test file closes and emptied for the worker's next file.
// Starting a PGlite from the migrated dump costs 3 to 5 s on this 2-core machine, most of a
// server test file's set-up; emptying one costs a fraction of that (docs/testing.md). A database
// comes back to the pool only as the migrations left it: a file that changed the schema (a trigger
// of its own, a table) or holds a lock hands it over to be closed instead.
import type { Database } from '../../server/db/database.ts';
import { openMigratedPglite } from './pgliteTemplate.ts';

/** What the migrations leave in an unused database: its schema, the rows they insert, sequences. */
interface Baseline {
  schema: string;
  tables: string[];
  rows: { table: string; columns: string[]; data: Uint8Array<ArrayBuffer> }[];
  sequences: { name: string; lastValue: number | null }[];
}

// Names of relations, columns, triggers and functions: any change a test makes to the schema.
const SCHEMA_SQL = `
  SELECT coalesce(string_agg(item, ',' ORDER BY item), '') AS schema FROM (
    SELECT 'r:' || relname || ':' || relkind::text AS item FROM pg_class
     WHERE relnamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid::text FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 't:' || t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
    UNION ALL
    SELECT 'f:' || proname || ':' || md5(prosrc) FROM pg_proc
     WHERE pronamespace = 'public'::regnamespace
  ) items`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The one row a catalogue query answers. */
async function only<Row>(db: Database, sql: string): Promise<Row> {
  const [row] = await db.query<Row>(sql);
  if (!row) throw new Error(`No row from ${sql}`);
  return row;
}

async function readBaseline(db: Database): Promise<Baseline> {
  const { schema } = await only<{ schema: string }>(db, SCHEMA_SQL);
  // Partitions are emptied and filled through their parent.
  const tables = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND NOT relispartition
      ORDER BY relname`,
  );
  const rows: Baseline['rows'] = [];
  for (const { name } of tables) {
    const { filled } = await only<{ filled: boolean }>(
      db,
      `SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS filled`,
    );
    if (!filled) continue;
    const columns = await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
      [quote(name)],
    );
    const names = columns.map((column) => quote(column.name));
    const data = new Uint8Array(await db.copyOut(`SELECT ${names.join(', ')} FROM ${quote(name)}`));
    rows.push({ table: quote(name), columns: names, data });
  }
  const sequences = await db.query<{ name: string; lastValue: number | null }>(
    `SELECT format('%I', sequencename) AS name, last_value AS "lastValue"
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return { schema, tables: tables.map(({ name }) => quote(name)), rows, sequences };
}

/** Empties `db` back to the baseline; false when it cannot be (the caller closes it instead). */
async function resetToBaseline(db: Database, baseline: Baseline): Promise<boolean> {
  try {
    const { schema } = await only<{ schema: string }>(db, SCHEMA_SQL);
    const { locks } = await only<{ locks: number }>(
      db,
      `SELECT count(*) AS locks FROM pg_locks WHERE locktype = 'advisory'`,
    );
    if (schema !== baseline.schema || locks > 0) return false;
    await db.exec(`TRUNCATE ${baseline.tables.join(', ')} RESTART IDENTITY CASCADE`);
    for (const { table, columns, data } of baseline.rows) await db.copyFrom(table, columns, data);
    for (const { name, lastValue } of baseline.sequences) {
      if (lastValue === null) await db.exec(`ALTER SEQUENCE ${name} RESTART`);
      else await db.query(`SELECT setval($1, $2, true)`, [name, lastValue]);
    }
    return true;
  } catch {
    return false;
  }
}

const idle: Database[] = [];
let baseline: Promise<Baseline> | undefined;

/** A migrated, empty PGlite database; closing it returns it to the pool for the next file. */
export async function openPooledPglite(): Promise<{ db: Database; close(): Promise<void> }> {
  let db: Database | undefined;
  while (!db && idle.length > 0) {
    const candidate = idle.pop() as Database;
    if (await resetToBaseline(candidate, await (baseline as Promise<Baseline>))) db = candidate;
    else await candidate.close().catch(() => undefined);
  }
  if (!db) {
    db = await openMigratedPglite();
    // Read from the first database before anything writes to it.
    baseline ??= readBaseline(db);
    await baseline;
  }
  const open = db;
  let returned = false;
  return {
    db: open,
    async close() {
      if (returned) return;
      returned = true;
      idle.push(open);
    },
  };
}
