// Planning a query of a dozen joins costs more than running it for a page of 25 machines (14 ms of
// 21 on PGlite): the planner tries every order of the joins. For such queries, the joins are
// ordered as written, within groups of four, in a transaction of their own.
import type { Database, Queryable, SqlParam } from './database.ts';

const QUICK = 'SET LOCAL join_collapse_limit = 4; SET LOCAL from_collapse_limit = 4';

export function withQuickPlans(db: Database): Pick<Queryable, 'query'> {
  return {
    query: <Row>(sql: string, params?: readonly SqlParam[]) =>
      db.transaction(async (tx) => {
        await tx.exec(QUICK);
        return tx.query<Row>(sql, params);
      }),
  };
}
