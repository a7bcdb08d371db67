// Where any of these texts still appear: every text, character, JSON and array column of every
// table, searched case-blind. An erasure's test expects none.
import type { Database } from '../../server/db/database.ts';

export async function tracesOf(db: Database, texts: string[]): Promise<string[]> {
  const columns = await db.query<{ table: string; column: string; type: string }>(
    `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema()
        AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    for (const text of texts) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text ILIKE '%' || $1 || '%'`,
        [text],
      );
      if (row && row.n > 0) found.push(`${table}.${column}: ${text}`);
    }
  }
  return found;
}
