// Off-rent and idle-on-hire detection (issue 41, docs/rental.md "Idle on hire and not returned"):
// - idle on hire: a hire running now whose machine has not worked (no active time) for the rental
//   company's number of working days (Monday to Friday; 3 unless it sets another), since its last
//   work or since the hire began;
// - not returned: a hire that ended in the last 30 days, with no later hire of its machine, whose
//   machine still works after the off-hire (an hour's grace) or was last seen away from its home
//   site (outside the site's circle).
// Work is active time: the segments of a tracker, or the day rollups an OEM feed's hours fill.
// Each flag has a start, the bout's: an alert is raised once per bout.
import { addDays, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import { DEFAULT_IDLE_ON_HIRE_DAYS, type HireFlag } from '../../../src/domain/api/hires.ts';
import type { Queryable } from '../../db/database.ts';

export interface FlaggedHire {
  hireId: string;
  machineId: string;
  rentalOrganisationId: string;
  flag: HireFlag;
  /** When the bout began: the last work, the hire's start, or the off-hire. */
  sinceMs: number;
  /** When the flag came up: the working days passed, or the work or the place that showed it. */
  flaggedAtMs: number;
}

const RETURN_GRACE = "interval '1 hour'";
const NOT_RETURNED_DAYS = 30;

const isWorkingDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The day `days` working days (Monday to Friday) from `day`, back when `step` is -1. */
function workingDaysFrom(day: string, days: number, step: 1 | -1): string {
  let at = day;
  for (let left = days; left > 0;) {
    at = addDays(at, step);
    if (isWorkingDay(at)) left--;
  }
  return at;
}

/** The start of the day `days` working days before today in the zone: idle since then is idle. */
export const workingDaysBack = (nowMs: number, days: number, timezone: string): Date =>
  startOfZonedDay(workingDaysFrom(zonedDate(new Date(nowMs), timezone), days, -1), timezone);

/** When a machine idle since `sinceMs` became idle on hire: `days` working days after that day. */
const idleFrom = (sinceMs: number, days: number, timezone: string): number =>
  startOfZonedDay(
    addDays(workingDaysFrom(zonedDate(new Date(sinceMs), timezone), days, 1), 1),
    timezone,
  ).getTime();

/** The flagged hires of the rental companies named (all when none), as of `nowMs`. */
export async function flaggedHires(
  db: Queryable,
  nowMs: number,
  rentalOrganisationIds?: readonly string[],
): Promise<FlaggedHire[]> {
  const organisations = await db.query<{ id: string; timezone: string; days: number | null }>(
    `SELECT o.id, o.timezone, (o.settings->'properties'->>'idleOnHireDays')::int AS days
       FROM organisation o
      WHERE ($1::uuid[] IS NULL OR o.id = ANY($1::uuid[]))
        AND EXISTS (SELECT 1 FROM hire h WHERE h.rental_organisation_id = o.id)`,
    [rentalOrganisationIds ? [...rentalOrganisationIds] : null],
  );
  if (organisations.length === 0) return [];
  const now = new Date(nowMs);
  const rows = await db.query<{
    id: string;
    machine_id: string;
    rental_organisation_id: string;
    flag: HireFlag;
    since: Date;
    flagged: Date | null;
  }>(
    `WITH o AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $4::text[]) AS o(id, cutoff, timezone))
     SELECT h.id, h.machine_id, h.rental_organisation_id, 'idleOnHire' AS flag,
            greatest(h.starts_at, w.last_work, fed.last_work) AS since, NULL::timestamptz AS flagged
       FROM o JOIN hire h ON h.rental_organisation_id = o.id
       -- The machine's last work: its latest active segment, read backwards along its index.
       LEFT JOIN LATERAL (SELECT least(a.to_at, $3) AS last_work FROM activity_segment a
                           WHERE a.machine_id = h.machine_id AND a.state = 'active' AND a.from_at < $3
                           ORDER BY a.from_at DESC LIMIT 1) w ON true
       -- An OEM feed's hours land in the day rollups, not in segments: a later day it worked
       -- counts to that day's end.
       LEFT JOIN LATERAL (SELECT least((d.day + 1)::timestamp AT TIME ZONE o.timezone - interval '1 millisecond', $3)
                                   AS last_work
                            FROM machine_day_rollup d
                           WHERE d.machine_id = h.machine_id AND d.active_s > 0
                             AND d.day > coalesce((w.last_work AT TIME ZONE o.timezone)::date, '-infinity')
                             AND d.day <= ($3::timestamptz AT TIME ZONE o.timezone)::date
                           ORDER BY d.day DESC LIMIT 1) fed ON true
      WHERE h.starts_at <= o.cutoff AND coalesce(h.ends_at, 'infinity') > $3
        AND coalesce(greatest(w.last_work, fed.last_work), '-infinity') <= o.cutoff
     UNION ALL
     SELECT h.id, h.machine_id, h.rental_organisation_id, 'notReturned', h.ends_at,
            -- Away from home at the off-hire, or the first work after it.
            CASE WHEN away.found THEN h.ends_at ELSE coalesce(work.first_at, fed.first_at) END
       FROM o JOIN hire h ON h.rental_organisation_id = o.id
       JOIN machine m ON m.id = h.machine_id
       LEFT JOIN site home ON home.id = m.site_id
       LEFT JOIN LATERAL (SELECT min(greatest(a.from_at, h.ends_at + ${RETURN_GRACE})) AS first_at
                            FROM activity_segment a WHERE a.machine_id = h.machine_id
                             AND a.state = 'active' AND a.to_at > h.ends_at + ${RETURN_GRACE}
                             AND a.from_at < $3 AND a.from_at >= h.ends_at - interval '7 days') work ON true
       -- An OEM feed's work: a day after the off-hire's with hours in its rollup.
       LEFT JOIN LATERAL (SELECT min(d.day)::timestamp AT TIME ZONE o.timezone AS first_at
                            FROM machine_day_rollup d
                           WHERE d.machine_id = h.machine_id AND d.active_s > 0
                             AND d.day > (h.ends_at AT TIME ZONE o.timezone)::date
                             AND d.day <= ($3::timestamptz AT TIME ZONE o.timezone)::date) fed ON true
       CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM source s WHERE s.machine_id = h.machine_id
                          AND s.last_position_at > h.ends_at AND home.radius_m IS NOT NULL
                          AND 111320 * sqrt(power(s.last_latitude - home.latitude, 2)
                                + power((s.last_longitude - home.longitude) * cos(radians(home.latitude)), 2))
                              > home.radius_m
                          AND s.last_position_at = (SELECT max(s2.last_position_at) FROM source s2
                                                     WHERE s2.machine_id = h.machine_id)) AS found) away
      WHERE h.ends_at <= $3 AND h.ends_at > $3::timestamptz - interval '${NOT_RETURNED_DAYS} days'
        AND NOT EXISTS (SELECT 1 FROM hire later WHERE later.machine_id = h.machine_id
                          AND later.starts_at >= h.ends_at AND later.starts_at <= $3)
        AND (away.found OR work.first_at IS NOT NULL OR fed.first_at IS NOT NULL)`,
    [
      organisations.map((o) => o.id),
      organisations.map((o) =>
        workingDaysBack(nowMs, o.days ?? DEFAULT_IDLE_ON_HIRE_DAYS, o.timezone),
      ),
      now,
      organisations.map((o) => o.timezone),
    ],
  );
  const settings = new Map(organisations.map((o) => [o.id, o]));
  return rows.map((row) => {
    const organisation = settings.get(row.rental_organisation_id);
    const sinceMs = row.since.getTime();
    return {
      hireId: row.id,
      machineId: row.machine_id,
      rentalOrganisationId: row.rental_organisation_id,
      flag: row.flag,
      sinceMs,
      flaggedAtMs:
        row.flagged?.getTime() ??
        idleFrom(
          sinceMs,
          organisation?.days ?? DEFAULT_IDLE_ON_HIRE_DAYS,
          organisation?.timezone ?? 'UTC',
        ),
    };
  });
}
