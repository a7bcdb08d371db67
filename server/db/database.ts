// The one small interface every module uses to talk to the database, PGlite or PostgreSQL alike.

export type SqlParam = string | number | boolean | null | Date | string[] | number[] | object;

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<Row>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Loads a binary COPY stream (`encodeBinaryCopy`) into `table`'s `columns`: for bulk writes,
   * where parsing parameter text costs the database more than storing the rows.
   */
  copyFrom(table: string, columns: readonly string[], data: Uint8Array<ArrayBuffer>): Promise<void>;
  /**
   * Runs `COPY (query) TO … WITH (FORMAT binary)` and returns the stream (`decodeBinaryCopy`): for
   * bulk reads, where printing and parsing each value's text costs more than the query. COPY takes
   * no parameters: values go into `query` through `sqlLiteral`.
   */
  copyOut(query: string): Promise<Uint8Array>;
}

/** `text` as an SQL string literal (standard_conforming_strings, on by default: only ' is special). */
export const sqlLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only (PGlite has one process): calls `onNotice` with each NOTIFY payload on
   * `channel`, from a connection of its own that comes back after a loss; `onGap` is called when
   * it is back, as notices sent meanwhile are lost. Resolves, once listening, to a stop function.
   */
  listen?(
    channel: string,
    onNotice: (payload: string) => void,
    onGap: () => void,
  ): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool's connections now, for the metrics (issue 45). */
  poolUse?(): { total: number; idle: number; waiting: number };
}

/** Returns the first row, or throws: for statements that always yield exactly one row. */
export async function queryOne<Row>(
  db: Queryable,
  sql: string,
  params?: readonly SqlParam[],
): Promise<Row> {
  const rows = await db.query<Row>(sql, params);
  const row = rows[0];
  if (row === undefined) throw new Error(`expected one row from: ${sql.slice(0, 80)}`);
  return row;
}
