// Devices silent longer than their own threshold: silence commits nothing for the engine to see, so
// the alert worker looks for it. The threshold is the device's: LATE_AFTER_INTERVALS of its longer
// reporting interval (src/domain/devices.ts), the point the sensors list calls it late.
import { LATE_AFTER_INTERVALS } from '../../../src/domain/devices.ts';
import type { Queryable } from '../../db/database.ts';
import { ALERT_MAX_AGE_MS, type OrganisationAlert } from './detect.ts';
import { organisationAlertRules } from './raise.ts';

export async function silentDeviceAlerts(
  db: Queryable,
  nowMs: number,
): Promise<OrganisationAlert[]> {
  const rows = await db.query<{
    id: string;
    organisation_id: string;
    machine_id: string | null;
    last_seen_at: Date;
    threshold_s: number;
  }>(
    `SELECT s.id, coalesce(m.organisation_id, ea.organisation_id, s.organisation_id) AS organisation_id,
            s.machine_id, s.last_seen_at,
            ${LATE_AFTER_INTERVALS} * greatest(s.expected_interval_s, s.expected_interval_off_s) AS threshold_s
       FROM source s
       LEFT JOIN machine m ON m.id = s.machine_id
       LEFT JOIN equipment_asset ea ON ea.id = s.equipment_asset_id
      WHERE (m.id IS NOT NULL OR ea.id IS NOT NULL) AND s.out_of_service_at IS NULL
        AND s.last_seen_at IS NOT NULL
        AND s.last_seen_at + make_interval(secs => ${LATE_AFTER_INTERVALS} *
              greatest(s.expected_interval_s, s.expected_interval_off_s)) BETWEEN $1 AND $2`,
    [new Date(nowMs - ALERT_MAX_AGE_MS), new Date(nowMs)],
  );
  const found: OrganisationAlert[] = [];
  const rules = await organisationAlertRules(
    db,
    rows.map((row) => row.organisation_id),
  );
  for (const row of rows) {
    if (!rules.get(row.organisation_id)?.types.has('deviceSilent')) continue;
    const startedAtMs = row.last_seen_at.getTime();
    found.push({
      organisationId: row.organisation_id,
      candidate: {
        type: 'deviceSilent',
        machineId: row.machine_id,
        sourceId: row.id,
        subjectId: row.id,
        startedAtMs,
        atMs: startedAtMs + row.threshold_s * 1000,
        siteName: null,
        litres: null,
        minutes: Math.round(row.threshold_s / 60),
      },
    });
  }
  return found;
}
