// The SQL of the mail caps: what an organisation and a user asked to be mailed over the last day.
import type { MailCapCounts } from '../../../src/domain/api/admin.ts';
import type { Queryable } from '../../db/database.ts';

export type MailUseKind =
  'invitation' | 'reinvitation' | 'report-run' | 'scheduled-report' | 'share';

export interface MailUse {
  organisationId: string;
  /** Who asked; null for a scheduled report's run. */
  userId: string | null;
  kind: MailUseKind;
  /** Recipients who are (or are being made) the organisation's people. */
  members: number;
  /** Addresses outside the organisation. */
  outside: number;
}

/** What a cap counts: everything of an organisation, its mail to outsiders, or a user's. */
export type CapScope = 'organisation' | 'outside' | 'user';

const WINDOW = `interval '1 day'`;
const COUNTED: Record<CapScope, { where: string; sum: string }> = {
  organisation: { where: 'organisation_id = $1', sum: 'members + outside' },
  outside: { where: 'organisation_id = $1', sum: 'outside' },
  user: { where: 'user_id = $1', sum: 'members + outside' },
};

/** Holds the organisation's caps for the rest of the transaction, so two requests cannot both fit. */
export async function lockOrganisation(tx: Queryable, organisationId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('mail-cap:' || $1))`, [organisationId]);
}

export async function usedToday(
  db: Queryable,
  organisationId: string,
  userId: string | null,
): Promise<Record<CapScope, number>> {
  const [row] = await db.query<{ organisation: number; outside: number; user: number }>(
    `SELECT coalesce(sum(members + outside) FILTER (WHERE organisation_id = $1), 0)::int AS organisation,
            coalesce(sum(outside) FILTER (WHERE organisation_id = $1), 0)::int AS outside,
            coalesce(sum(members + outside) FILTER (WHERE user_id = $2), 0)::int AS "user"
       FROM mail_cap_use
      WHERE (organisation_id = $1 OR user_id = $2) AND at > now() - ${WINDOW}`,
    [organisationId, userId],
  );
  return row ?? { organisation: 0, outside: 0, user: 0 };
}

/**
 * Seconds until enough of the day's mail in the scope has left the window for `requested` more
 * to fit under `cap`: the Retry-After of a refusal.
 */
export async function secondsUntilRoom(
  db: Queryable,
  scope: CapScope,
  id: string,
  used: number,
  requested: number,
  cap: number,
): Promise<number> {
  const { where, sum } = COUNTED[scope];
  const [row] = await db.query<{ wait_s: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM at + ${WINDOW} - now())))::int AS wait_s
       FROM (SELECT at, sum(${sum}) OVER (ORDER BY at, id) AS freed
               FROM mail_cap_use WHERE ${where} AND at > now() - ${WINDOW}) counted
      WHERE $2::int - freed + $3::int <= $4::int
      ORDER BY at LIMIT 1`,
    [id, used, requested, cap],
  );
  return row?.wait_s ?? 86_400;
}

export async function recordUse(tx: Queryable, use: MailUse): Promise<void> {
  // Rows past the window count no more: the organisation's old ones go as it mails again.
  await tx.query(
    `DELETE FROM mail_cap_use WHERE organisation_id = $1 AND at < now() - interval '2 days'`,
    [use.organisationId],
  );
  await tx.query(
    `INSERT INTO mail_cap_use (organisation_id, user_id, kind, members, outside)
     VALUES ($1, $2, $3, $4, $5)`,
    [use.organisationId, use.userId, use.kind, use.members, use.outside],
  );
}

export type OrganisationMailUse = MailCapCounts['organisations'][number];

/** Every organisation that asked for mail over the last day, the most first. */
export async function usesByOrganisation(db: Queryable): Promise<OrganisationMailUse[]> {
  return db.query<OrganisationMailUse>(
    `WITH day AS (SELECT * FROM mail_cap_use WHERE at > now() - ${WINDOW}),
          users AS (SELECT organisation_id, user_id, sum(members + outside)::int AS mails,
                           row_number() OVER (PARTITION BY organisation_id
                                              ORDER BY sum(members + outside) DESC) AS rank
                      FROM day WHERE user_id IS NOT NULL GROUP BY organisation_id, user_id)
     SELECT d.organisation_id AS "organisationId", o.name AS "organisationName",
            sum(d.members)::int AS members, sum(d.outside)::int AS outside,
            (SELECT u.email FROM users t JOIN app_user u ON u.id = t.user_id
              WHERE t.organisation_id = d.organisation_id AND t.rank = 1) AS "topUserEmail",
            coalesce((SELECT t.mails FROM users t
                       WHERE t.organisation_id = d.organisation_id AND t.rank = 1), 0) AS "topUserMails"
       FROM day d JOIN organisation o ON o.id = d.organisation_id
      GROUP BY d.organisation_id, o.name
      ORDER BY sum(d.members + d.outside) DESC, o.name`,
  );
}
