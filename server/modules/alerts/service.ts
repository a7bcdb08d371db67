// A member's alerts: the organisation's list with what is unread, and the types they get by mail.
import {
  ALERT_TYPES,
  type AlertListFilter,
  type AlertRecord,
  type AlertType,
} from '../../../src/domain/api/alerts.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import type { ListParams } from '../../simpleRest.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readAlertFilter(filter: Record<string, unknown>): AlertListFilter {
  const read: AlertListFilter = {};
  if (filter.type !== undefined) {
    if (!ALERT_TYPES.includes(filter.type as AlertType))
      throw badRequest('filter.type', `type must be one of ${ALERT_TYPES.join(', ')}`);
    read.type = filter.type as AlertType;
  }
  if (filter.machineId !== undefined) {
    if (typeof filter.machineId !== 'string' || !UUID.test(filter.machineId))
      throw badRequest('filter.machineId', 'machineId must be a machine id');
    read.machineId = filter.machineId;
  }
  return read;
}

/**
 * An alert's columns with what it says beyond them: its machine (or a device's equipment asset), its
 * device, a breakdown's note or the alert's own (a service alert's task).
 */
export const ALERT_COLUMNS = `a.id, a.alert_type, a.at, a.started_at, a.machine_id,
  coalesce(m.name, ea.name) AS machine_name,
  src.code AS source_code, a.site_name, a.litres, a.minutes, coalesce(b.note, a.note) AS note`;
export const ALERT_JOINS = `
  LEFT JOIN machine m ON m.id = a.machine_id
  LEFT JOIN source src ON src.id = a.source_id
  LEFT JOIN equipment_asset ea ON ea.id = src.equipment_asset_id
  LEFT JOIN machine_breakdown b ON a.alert_type = 'breakdown' AND b.machine_id = a.machine_id
        AND b.from_at = a.started_at`;

export interface AlertRow {
  id: string;
  alert_type: AlertType;
  at: Date;
  started_at: Date;
  machine_id: string | null;
  machine_name: string | null;
  source_code: string | null;
  site_name: string | null;
  litres: number | null;
  minutes: number | null;
  note: string | null;
}

export const toAlertRecord = (row: AlertRow, unread: boolean): AlertRecord => ({
  id: row.id,
  type: row.alert_type,
  at: row.at.toISOString(),
  startedAt: row.started_at.toISOString(),
  machineId: row.machine_id,
  machineName: row.machine_name,
  sourceCode: row.source_code,
  siteName: row.site_name,
  litres: row.litres,
  minutes: row.minutes,
  note: row.note,
  unread,
});

const SORT_COLUMNS = { at: 'a.at', type: 'a.alert_type' } as const;

/** One page of the organisation's alerts, newest first unless sorted otherwise. */
export async function listAlerts(
  db: Queryable,
  member: { userId: string; organisationId: string },
  filter: AlertListFilter,
  params: ListParams<keyof typeof SORT_COLUMNS>,
): Promise<{ alerts: AlertRecord[]; total: number }> {
  const column = SORT_COLUMNS[params.sort ?? 'at'];
  const order = params.sort ? params.order : 'DESC';
  const rows = await db.query<AlertRow & { unread: boolean; total: number }>(
    `SELECT ${ALERT_COLUMNS}, a.created_at > coalesce(ms.alerts_seen_at, '-infinity') AS unread,
            count(*) OVER ()::int AS total
       FROM alert a ${ALERT_JOINS}
       LEFT JOIN membership ms ON ms.user_id = $2 AND ms.organisation_id = a.organisation_id
      WHERE a.organisation_id = $1 AND ($3::text IS NULL OR a.alert_type = $3)
        AND ($4::uuid IS NULL OR a.machine_id = $4)
      ORDER BY ${column} ${order}, a.at DESC, a.id
      LIMIT $5 OFFSET $6`,
    [
      member.organisationId,
      member.userId,
      filter.type ?? null,
      filter.machineId ?? null,
      params.limit,
      params.offset,
    ],
  );
  // Past the last page the window count is absent: count on its own.
  const total =
    rows[0]?.total ??
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert a WHERE a.organisation_id = $1
            AND ($2::text IS NULL OR a.alert_type = $2) AND ($3::uuid IS NULL OR a.machine_id = $3)`,
        [member.organisationId, filter.type ?? null, filter.machineId ?? null],
      )
    )[0]?.n ??
    0;
  return {
    total,
    alerts: rows.map((row) => toAlertRecord(row, row.unread)),
  };
}

export async function unreadAlerts(
  db: Queryable,
  member: { userId: string; organisationId: string },
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert a
       JOIN membership ms ON ms.user_id = $2 AND ms.organisation_id = a.organisation_id
      WHERE a.organisation_id = $1 AND a.created_at > coalesce(ms.alerts_seen_at, '-infinity')`,
    [member.organisationId, member.userId],
  );
  return row?.n ?? 0;
}

/** Everything raised until now counts as read. */
export async function markAlertsSeen(
  db: Queryable,
  member: { userId: string; organisationId: string },
): Promise<void> {
  await db.query(
    'UPDATE membership SET alerts_seen_at = now() WHERE user_id = $1 AND organisation_id = $2',
    [member.userId, member.organisationId],
  );
}

export async function alertSubscriptions(
  db: Queryable,
  userId: string,
  organisationId: string,
): Promise<AlertType[]> {
  const rows = await db.query<{ alert_type: AlertType }>(
    'SELECT alert_type FROM alert_subscription WHERE user_id = $1 AND organisation_id = $2',
    [userId, organisationId],
  );
  const chosen = new Set(rows.map((row) => row.alert_type));
  return ALERT_TYPES.filter((type) => chosen.has(type));
}

/** The member gets these types by mail from now on; a type kept keeps its start. */
export async function setAlertSubscriptions(
  db: Queryable,
  userId: string,
  organisationId: string,
  types: readonly AlertType[],
): Promise<void> {
  await db.query(
    `DELETE FROM alert_subscription
      WHERE user_id = $1 AND organisation_id = $2 AND NOT (alert_type = ANY($3::text[]))`,
    [userId, organisationId, types],
  );
  await db.query(
    `INSERT INTO alert_subscription (user_id, organisation_id, alert_type)
     SELECT $1, $2, t FROM unnest($3::text[]) AS t ON CONFLICT DO NOTHING`,
    [userId, organisationId, types],
  );
}
