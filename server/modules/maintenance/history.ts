// The services done on a selection of machines over a range, oldest first: the "Service history"
// report's rows (issue 42, docs/maintenance.md "Reports").
import type { Queryable } from '../../db/database.ts';

export interface HistoryLine {
  machine_name: string;
  asset_id: string | null;
  task: string | null;
  done_at: Date;
  meter_h: number | null;
  distance_km: number | null;
  performed_by: string | null;
  cost: string | null;
  parts: string | null;
  notes: string | null;
  files: number;
}

export const serviceHistory = (
  db: Queryable,
  machineIds: readonly string[],
  range: { fromMs: number; toMs: number },
) =>
  db.query<HistoryLine>(
    `SELECT m.name AS machine_name, m.asset_id, p.name AS task, r.done_at, r.meter_h, r.distance_km,
            r.performed_by, r.cost::text AS cost, r.parts, r.notes,
            cardinality(r.document_ids) AS files
       FROM service_record r JOIN machine m ON m.id = r.machine_id
       LEFT JOIN service_plan p ON p.id = r.plan_id
      WHERE r.machine_id = ANY($1::uuid[]) AND r.status = 'done'
        AND r.done_at >= $2 AND r.done_at < $3
      ORDER BY r.done_at, m.name`,
    [[...machineIds], new Date(range.fromMs), new Date(range.toMs)],
  );
