// The database as traces show it (issue 45): each statement a client span under the request or
// batch that made it, with the statement's text. Only when tracing is on; otherwise the database
// is used as it is, at no cost.
import { inSpan, SpanKind } from '../observability/tracing.ts';
import type { Database, Queryable } from './database.ts';

const STATEMENT_CHARS = 1000;

function tracedQueryable<Q extends Queryable>(db: Q, system: string): Q {
  return {
    ...db,
    query: (sql, params) =>
      inSpan(
        `db ${sql.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? 'query'}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': system, 'db.query.text': sql.slice(0, STATEMENT_CHARS) },
        },
        () => db.query(sql, params),
      ),
  };
}

export function tracedDatabase(db: Database): Database {
  const system = db.kind === 'postgres' ? 'postgresql' : 'pglite';
  return {
    ...tracedQueryable(db, system),
    transaction: (work) =>
      inSpan('db transaction', { kind: SpanKind.CLIENT }, () =>
        db.transaction((tx) => work(tracedQueryable(tx, system))),
      ),
  };
}
