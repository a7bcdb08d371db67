// The last step of erasing a person (docs/privacy.md): every text, JSON and text-array column of
// every table is searched for their e-mail address and full name, and each is replaced by their
// pseudonym — an address in a list of recipients is taken out instead, so nothing mails it. The
// raw telemetry tables hold only what devices send and are not searched.
import type { Queryable } from '../../db/database.ts';

interface Column {
  table: string;
  column: string;
  type: 'text' | 'json' | 'jsonb' | 'array';
}

/** Device data and the schema's own bookkeeping: no person's name is ever in them. */
const NOT_SEARCHED = /^(telemetry_record.*|schema_migration|ingest_quarantine)$/;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function searchedColumns(db: Queryable): Promise<Column[]> {
  const rows = await db.query<{
    table: string;
    column: string;
    type: string;
    element: string | null;
  }>(
    `SELECT c.table_name AS table, c.column_name AS column, c.data_type AS type,
            e.data_type AS element
       FROM information_schema.columns c
       JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       LEFT JOIN information_schema.element_types e
         ON e.object_schema = c.table_schema AND e.object_name = c.table_name
        AND e.object_type = 'TABLE' AND e.collection_type_identifier = c.dtd_identifier
      WHERE c.table_schema = current_schema()
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      ORDER BY 1, 2`,
  );
  return rows
    .filter((row) => !NOT_SEARCHED.test(row.table))
    .filter((row) => row.type !== 'ARRAY' || row.element === 'text')
    .map((row) => ({
      table: row.table,
      column: row.column,
      type:
        row.type === 'ARRAY'
          ? 'array'
          : row.type === 'json' || row.type === 'jsonb'
            ? row.type
            : 'text',
    }));
}

/**
 * Replaces the person's `traces` (e-mail, full name) by `pseudonym` everywhere; returns the rows
 * changed by table.
 */
export async function sweepTraces(
  db: Queryable,
  traces: string[],
  pseudonym: string,
): Promise<Record<string, number>> {
  const wanted = traces.map((trace) => trace.trim()).filter((trace) => trace.length >= 3);
  if (wanted.length === 0) return {};
  const pattern = wanted.map(escapeRegex).join('|');
  const whole = `^(${pattern})$`;
  const changed: Record<string, number> = {};
  for (const { table, column, type } of await searchedColumns(db)) {
    const c = `"${column}"`;
    const json = type === 'json' || type === 'jsonb';
    const set =
      type === 'array'
        ? `${c} = ARRAY(SELECT regexp_replace(x, $1, $2, 'gi') FROM unnest(${c}) x WHERE x !~* $3)`
        : json
          ? `${c} = regexp_replace(${c}::text, $1, $2, 'gi')::${type}`
          : `${c} = regexp_replace(${c}, $1, $2, 'gi')`;
    const found =
      type === 'array'
        ? `EXISTS (SELECT 1 FROM unnest(${c}) x WHERE x ~* $1)`
        : `${c}${json ? '::text' : ''} ~* $1`;
    const [row] = await db.query<{ n: number }>(
      `WITH changed AS (UPDATE "${table}" SET ${set} WHERE ${found} RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      type === 'array' ? [pattern, pseudonym, whole] : [pattern, pseudonym],
    );
    if (row && row.n > 0) changed[`${table}.${column}`] = row.n;
  }
  return changed;
}
