// The demo's rental company and its admin, whom the demo's later writes (plans, services, check
// lists, checks) are made by; undefined when the demo seed did not run.
import type { Queryable } from '../db/database.ts';

export async function demoRentalAdmin(
  db: Queryable,
): Promise<{ id: string; admin: string } | undefined> {
  const [org] = await db.query<{ id: string; admin: string }>(
    `SELECT o.id, u.id AS admin FROM organisation o JOIN membership ms ON ms.organisation_id = o.id
       JOIN app_user u ON u.id = ms.user_id
      WHERE o.name = 'Northbank Plant Hire' AND u.email = 'admin@demo.example'`,
  );
  return org;
}
