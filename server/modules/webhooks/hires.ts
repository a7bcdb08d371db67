// Machines going on and off hire as webhook events: a hire starts and ends at its times, not at a
// write, so the worker looks for the times that have come. Each is announced once (a mark kept in
// the transaction that writes the events), to the rental company's subscriptions and to its
// customer's, and only to subscriptions made before it happened, so a new subscription is not
// flooded with the past.
import type { Database } from '../../db/database.ts';

/** How far back a start or end not yet announced is still news (a worker down for a while). */
const ANNOUNCE_WITHIN_MS = 86_400_000;

interface DueRow {
  hire_id: string;
  kind: 'hire.started' | 'hire.ended';
  at: Date;
  organisation_ids: string[];
  data: Record<string, unknown>;
}

export async function announceHires(db: Database, nowMs: number): Promise<number> {
  // Most organisations never subscribe to hires: then there is nothing to look for.
  const [listened] = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM webhook_subscription
                     WHERE enabled AND event_types && ARRAY['hire.started', 'hire.ended']) AS any`,
  );
  if (!listened?.any) return 0;
  const due = await db.query<DueRow>(
    `WITH listening AS (
       SELECT organisation_id, kind, min(created_at) AS since FROM webhook_subscription,
              unnest(event_types) AS kind
        WHERE enabled AND kind IN ('hire.started', 'hire.ended')
        GROUP BY organisation_id, kind)
     SELECT h.id AS hire_id, k.kind, k.at,
            array_agg(DISTINCT l.organisation_id) AS organisation_ids,
            jsonb_build_object(
              'hireId', h.id, 'contractNumber', h.contract_number,
              'machineId', h.machine_id, 'machineName', m.name,
              'rentalOrganisationId', h.rental_organisation_id,
              'customerOrganisationId', h.customer_organisation_id,
              'customerName', coalesce(c.name, h.customer_name),
              'siteId', h.site_id, 'siteName', s.name,
              'startsAt', h.starts_at, 'endsAt', h.ends_at) AS data
       FROM hire h
       CROSS JOIN LATERAL (VALUES ('hire.started', h.starts_at), ('hire.ended', h.ends_at)) AS k (kind, at)
       JOIN listening l ON l.kind = k.kind AND l.since <= k.at
        AND l.organisation_id IN (h.rental_organisation_id, h.customer_organisation_id)
       JOIN machine m ON m.id = h.machine_id
       LEFT JOIN organisation c ON c.id = h.customer_organisation_id
       LEFT JOIN site s ON s.id = h.site_id
      WHERE k.at <= $1 AND k.at > $2
        -- The same window on the hire's own columns, which its indexes can find.
        AND ((h.starts_at <= $1 AND h.starts_at > $2) OR (h.ends_at <= $1 AND h.ends_at > $2))
        AND NOT EXISTS (SELECT 1 FROM webhook_hire_announced a WHERE a.hire_id = h.id AND a.kind = k.kind)
      GROUP BY h.id, k.kind, k.at, m.name, c.name, s.name
      ORDER BY k.at`,
    [new Date(nowMs), new Date(nowMs - ANNOUNCE_WITHIN_MS)],
  );
  let announced = 0;
  for (const hire of due) {
    await db.transaction(async (tx) => {
      const marked = await tx.query(
        `INSERT INTO webhook_hire_announced (hire_id, kind) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING hire_id`,
        [hire.hire_id, hire.kind],
      );
      // Another process announced it meanwhile.
      if (marked.length === 0) return;
      for (const organisationId of hire.organisation_ids) {
        await tx.query('SELECT webhook_emit($1, $2, $3, $4::jsonb)', [
          organisationId,
          hire.kind,
          hire.at,
          JSON.stringify(hire.data),
        ]);
      }
      announced += 1;
    });
  }
  return announced;
}
