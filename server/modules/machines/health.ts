// The health of a machine's sources (devices) now: reporting or silent, how much of the last day
// they reported, their supply voltage, battery and satellites, and how much of it was invalid.
import type { MachineHealthReply } from '../../../src/domain/api/machineInfo.ts';
import type { Queryable } from '../../db/database.ts';

const DAY_MS = 86_400_000;

export async function sourceHealth(db: Queryable, machineId: string): Promise<MachineHealthReply> {
  const rows = await db.query<{
    type: string;
    code: string;
    short_code: string | null;
    last_seen_at: Date | null;
    expected_interval_s: number;
    external_voltage_v: number | null;
    battery_v: number | null;
    satellites: number | null;
    total: number;
    invalid: number;
  }>(
    `SELECT s.type, s.code, s.short_code, s.last_seen_at, s.expected_interval_s,
            latest.external_voltage_v, latest.battery_v, latest.satellites, recent.total, recent.invalid
       FROM source s
       LEFT JOIN LATERAL (
         SELECT external_voltage_v, battery_v, satellites FROM telemetry_record r
          WHERE r.source_id = s.id AND r.invalid_reason IS NULL ORDER BY device_time DESC LIMIT 1
       ) latest ON true
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS total, count(*) FILTER (WHERE invalid_reason IS NOT NULL)::int AS invalid
           FROM telemetry_record r WHERE r.source_id = s.id AND r.device_time >= $2
       ) recent
      WHERE s.machine_id = $1 ORDER BY s.code`,
    [machineId, new Date(Date.now() - DAY_MS)],
  );
  return {
    machineId: machineId,
    sources: rows.map((row) => ({
      type: row.type,
      code: row.code,
      shortCode: row.short_code,
      status: !row.last_seen_at
        ? ('never' as const)
        : Date.now() - row.last_seen_at.getTime() <= DAY_MS
          ? ('reporting' as const)
          : ('silent' as const),
      lastSeenAt: row.last_seen_at?.toISOString() ?? null,
      expectedIntervalS: row.expected_interval_s,
      reportingPercentage: row.last_seen_at
        ? Math.min(100, ((row.total * row.expected_interval_s) / (DAY_MS / 1000)) * 100)
        : null,
      externalVoltageV: row.external_voltage_v,
      batteryV: row.battery_v,
      satellites: row.satellites,
      invalidPercentage: row.total > 0 ? (row.invalid / row.total) * 100 : null,
    })),
  };
}
