// Whether an address still takes mail: the user's own switch (account settings, mailEnabled). The
// per-kind unsubscribes are in unsubscribe.ts.
import type { Queryable } from '../../db/database.ts';

/** True when the address belongs to a user who turned all of their mail off. */
export async function mailSwitchedOff(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.query<{ off: boolean }>(
    `SELECT true AS off FROM app_user
      WHERE lower(email) = lower($1) AND settings->>'mailEnabled' = 'false'`,
    [email],
  );
  return row?.off === true;
}
