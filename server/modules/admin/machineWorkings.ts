// One machine's inner workings for staff: which devices were on it when, its hires, the recomputes
// staff ran and the audit trail's entries about it; and for one of its days, the raw records of its
// devices next to the segments and the rollup the engine made of them.
import type {
  MachineDayReply,
  MachineWorkingsReply,
  RecomputeRun,
} from '../../../src/domain/api/admin.ts';
import { addDays, startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../httpError.ts';
import { auditNaming } from '../audit/index.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

interface MachineHead {
  name: string;
  organisation_id: string;
  organisation_name: string;
  timezone: string;
}

async function machineHead(db: Queryable, id: string): Promise<MachineHead> {
  const [machine] = await db.query<MachineHead>(
    `SELECT m.name, m.organisation_id, o.name AS organisation_name, o.timezone
       FROM machine m JOIN organisation o ON o.id = m.organisation_id WHERE m.id = $1`,
    [id],
  );
  if (!machine) throw notFound('No such machine');
  return machine;
}

export async function machineWorkings(
  db: Queryable,
  id: string,
  recomputes: (machineId: string) => Promise<RecomputeRun[]>,
): Promise<MachineWorkingsReply> {
  const machine = await machineHead(db, id);
  const [sources, hires, [span], runs, history] = await Promise.all([
    db.query<{
      source_id: string;
      type: string;
      code: string;
      from_at: Date;
      to_at: Date | null;
      expected_interval_s: number;
      last_seen_at: Date | null;
    }>(
      `SELECT a.source_id, s.type, s.code, a.from_at, a.to_at, s.expected_interval_s, s.last_seen_at
         FROM source_assignment a JOIN source s ON s.id = a.source_id
        WHERE a.machine_id = $1 ORDER BY a.from_at DESC, s.type`,
      [id],
    ),
    db.query<{
      id: string;
      customer_name: string | null;
      site_name: string | null;
      contract_number: string | null;
      starts_at: Date;
      ends_at: Date | null;
    }>(
      `SELECT h.id, c.name AS customer_name, st.name AS site_name, h.contract_number, h.starts_at, h.ends_at
         FROM hire h LEFT JOIN organisation c ON c.id = h.customer_organisation_id
         LEFT JOIN site st ON st.id = h.site_id
        WHERE h.machine_id = $1 ORDER BY h.starts_at DESC`,
      [id],
    ),
    db.query<{ first_day: string | null; last_day: string | null }>(
      `SELECT to_char(min(day), 'YYYY-MM-DD') AS first_day, to_char(max(day), 'YYYY-MM-DD') AS last_day
         FROM machine_day_rollup WHERE machine_id = $1`,
      [id],
    ),
    recomputes(id),
    auditNaming(db, id),
  ]);
  return {
    id,
    name: machine.name,
    organisationId: machine.organisation_id,
    organisationName: machine.organisation_name,
    timezone: machine.timezone,
    sources: sources.map((row) => ({
      sourceId: row.source_id,
      type: row.type,
      code: row.code,
      from: row.from_at.toISOString(),
      to: iso(row.to_at),
      expectedIntervalS: row.expected_interval_s,
      lastSeenAt: iso(row.last_seen_at),
    })),
    hires: hires.map((row) => ({
      id: row.id,
      customerName: row.customer_name,
      siteName: row.site_name,
      contractNumber: row.contract_number,
      startsAt: row.starts_at.toISOString(),
      endsAt: iso(row.ends_at),
    })),
    firstDay: span?.first_day ?? null,
    lastDay: span?.last_day ?? null,
    recomputes: runs,
    history,
  };
}

/** One local day of the machine: its devices' records while they were on it, segments, rollup. */
export async function machineDay(
  db: Queryable,
  id: string,
  day: string,
  page: { offset: number; limit: number },
): Promise<MachineDayReply> {
  const machine = await machineHead(db, id);
  const from = startOfZonedDay(day, machine.timezone);
  const to = startOfZonedDay(addDays(day, 1), machine.timezone);
  // The devices on it now (the engine reads all their records), and those on it during the day.
  const onMachine = `FROM telemetry_record r JOIN source s ON s.id = r.source_id
      WHERE r.device_time >= $2 AND r.device_time < $3
        AND (s.machine_id = $1 OR EXISTS (
              SELECT 1 FROM source_assignment a
               WHERE a.machine_id = $1 AND a.source_id = r.source_id AND a.from_at < $3
                 AND (a.to_at IS NULL OR a.to_at > $2)))`;
  const [records, [count], segments, [rollup]] = await Promise.all([
    db.query<{
      type: string;
      code: string;
      device_time: Date;
      received_time: Date;
      ignition: boolean | null;
      movement: boolean | null;
      engine_running: boolean | null;
      speed_kmh: number | null;
      activity_level: number | null;
      hour_meter_h: number | null;
      fuel_level_l: number | null;
      latitude: number | null;
      longitude: number | null;
      invalid_reason: string | null;
    }>(
      `SELECT s.type, s.code, r.device_time, r.received_time, r.ignition, r.movement, r.engine_running,
              r.speed_kmh, r.activity_level, r.hour_meter_h, r.fuel_level_l, r.latitude, r.longitude,
              r.invalid_reason
         ${onMachine} ORDER BY r.device_time, s.type LIMIT $4 OFFSET $5`,
      [id, from, to, page.limit, page.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${onMachine}`, [id, from, to]),
    db.query<{ from_at: Date; to_at: Date; state: string }>(
      `SELECT greatest(from_at, $2) AS from_at, least(to_at, $3) AS to_at, state FROM activity_segment
        WHERE machine_id = $1 AND to_at > $2 AND from_at < $3 ORDER BY from_at`,
      [id, from, to],
    ),
    db.query<{
      active_s: number;
      idle_s: number;
      off_s: number;
      missing_s: number;
      brokendown_s: number;
      out_of_hours_s: number;
      fuel_l: number;
      distance_m: number;
      computed_at: Date;
    }>(
      `SELECT active_s, idle_s, off_s, missing_s, brokendown_s, out_of_hours_s, fuel_l, distance_m,
              computed_at
         FROM machine_day_rollup WHERE machine_id = $1 AND day = $2::date`,
      [id, day],
    ),
  ]);
  const hours = (seconds: number) => seconds / 3600;
  return {
    day,
    from: from.toISOString(),
    to: to.toISOString(),
    records: records.map((row) => ({
      sourceType: row.type,
      sourceCode: row.code,
      deviceTime: row.device_time.toISOString(),
      receivedTime: row.received_time.toISOString(),
      ignition: row.ignition,
      movement: row.movement,
      engineRunning: row.engine_running,
      speedKmh: row.speed_kmh,
      activityLevel: row.activity_level,
      hourMeterH: row.hour_meter_h,
      fuelLevelL: row.fuel_level_l,
      latitude: row.latitude,
      longitude: row.longitude,
      invalidReason: row.invalid_reason,
    })),
    recordsTotal: count?.total ?? 0,
    segments: segments.map((row) => ({
      from: row.from_at.toISOString(),
      to: row.to_at.toISOString(),
      state: row.state,
    })),
    rollup: rollup
      ? {
          activeH: hours(rollup.active_s),
          idleH: hours(rollup.idle_s),
          offH: hours(rollup.off_s),
          missingH: hours(rollup.missing_s),
          brokenDownH: hours(rollup.brokendown_s),
          outOfHoursH: hours(rollup.out_of_hours_s),
          fuelL: rollup.fuel_l,
          distanceKm: rollup.distance_m / 1000,
          computedAt: rollup.computed_at.toISOString(),
        }
      : null,
  };
}
