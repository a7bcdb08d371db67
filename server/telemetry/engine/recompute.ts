// Recomputes a machine's segments and daily rollups for a span of local days, from its stored records.
import { nextDate, startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import { dailyRollups, forEachDayPiece, LocalDays, type DayRollup } from './daily.ts';
import { applyBreakdowns } from './breakdowns.ts';
import { analyseFuel } from './fuel.ts';
import { isOemSourceType } from '../../../src/domain/constants.ts';
import { oemActivity } from './oem.ts';
import { MIN_SATELLITES } from './rules.ts';
import type { MachineProfile, Sample, Segment } from './sample.ts';
import { buildSegments, clipSegments } from './segments.ts';
import { stopsAndTrips, type Position } from './trips.ts';

/** Records this far either side of the window decide the states at its edges. */
const EDGE_MS = 12 * 3_600_000;

interface MachineRow {
  category: string | null;
  fuel_type: string;
  working_input_mask: number;
  min_refuelling_l: number;
  min_dipping_l: number;
  timezone: string;
}

interface RecordRow {
  device_time: Date;
  ignition: boolean | null;
  movement: boolean | null;
  engine_running: boolean | null;
  engine_rpm: number | null;
  speed_kmh: number | null;
  activity_level: number | null;
  digital_inputs: number | null;
  latitude: number | null;
  longitude: number | null;
  satellites: number | null;
  position_invalid_reason: string | null;
  fuel_used_l: number | null;
  fuel_level_l: number | null;
  operating_hours_h: number | null;
  idle_hours_h: number | null;
  source_type: string;
  expected_interval_s: number;
  expected_interval_off_s: number;
}

const RECORD_COLUMNS = `r.device_time, r.ignition, r.movement, r.engine_running, r.engine_rpm, r.speed_kmh,
  r.activity_level, r.digital_inputs, r.latitude, r.longitude, r.satellites, r.position_invalid_reason, r.fuel_used_l,
  r.fuel_level_l, r.operating_hours_h, r.idle_hours_h`;

/**
 * The machine's records in the window, plus each source's last record before it (the state at the
 * window's start). Per source through the primary key (source_id, device_time), so the cost follows
 * the window, not the table.
 */
const WINDOW_RECORDS = `
  SELECT r.*, s.type AS source_type, s.expected_interval_s, s.expected_interval_off_s
    FROM source s
    CROSS JOIN LATERAL (
      (SELECT ${RECORD_COLUMNS} FROM telemetry_record r
        WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time < $2
        ORDER BY r.device_time DESC LIMIT 1)
      UNION ALL
      (SELECT ${RECORD_COLUMNS} FROM telemetry_record r
        WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time >= $2 AND r.device_time < $3)
    ) r
   WHERE s.machine_id = $1
   ORDER BY r.device_time`;

function toSample(row: RecordRow): Sample {
  const positionUsable =
    row.position_invalid_reason === null &&
    row.latitude !== null &&
    row.longitude !== null &&
    (row.satellites === null || row.satellites >= MIN_SATELLITES);
  return {
    timeMs: row.device_time.getTime(),
    ignition: row.ignition,
    movement: row.movement,
    engineRunning: row.engine_running,
    engineRpm: row.engine_rpm,
    speedKmh: row.speed_kmh,
    activityLevel: row.activity_level,
    digitalInputs: row.digital_inputs,
    latitude: positionUsable ? row.latitude : null,
    longitude: positionUsable ? row.longitude : null,
    fuelUsedL: row.fuel_used_l,
    fuelLevelL: row.fuel_level_l,
    oem: isOemSourceType(row.source_type),
    operatingHoursH: row.operating_hours_h,
    idleHoursH: row.idle_hours_h,
    expectedIntervalS: row.expected_interval_s,
    expectedIntervalOffS: row.expected_interval_off_s,
  };
}

const isEmpty = (r: DayRollup) => r.activeS + r.idleS + r.offS + r.missingS + r.brokendownS === 0;

export async function recomputeMachineDays(
  db: Database,
  machineId: string,
  fromDay: string,
  toDay: string,
): Promise<void> {
  const [machine] = await db.query<MachineRow>(
    `SELECT m.category, m.fuel_type, m.working_input_mask, m.min_refuelling_l, m.min_dipping_l, o.timezone
       FROM machine m JOIN organisation o ON o.id = m.organisation_id WHERE m.id = $1`,
    [machineId],
  );
  if (!machine) return;
  const timeZone = machine.timezone;
  const windowFrom = startOfZonedDay(fromDay, timeZone).getTime();
  const windowTo = startOfZonedDay(nextDate(toDay), timeZone).getTime();
  const rows = await db.query<RecordRow>(WINDOW_RECORDS, [
    machineId,
    new Date(windowFrom - EDGE_MS),
    new Date(windowTo + EDGE_MS),
  ]);
  const samples = rows.map(toSample);
  const breakdowns = (
    await db.query<{ from_at: Date; to_at: Date | null }>(
      `SELECT from_at, to_at FROM machine_breakdown
        WHERE machine_id = $1 AND from_at < $3 AND (to_at IS NULL OR to_at > $2)`,
      [machineId, new Date(windowFrom), new Date(windowTo)],
    )
  ).map((row) => ({ fromMs: row.from_at.getTime(), toMs: row.to_at?.getTime() ?? Infinity }));
  const profile: MachineProfile = {
    workingInputMask: machine.working_input_mask,
    category: machine.category,
    fuelType: machine.fuel_type,
    minRefuellingL: machine.min_refuelling_l,
    minDippingL: machine.min_dipping_l,
  };
  // A tracker's states are what the machine did; an OEM feed's hours count only without one.
  const telematics = samples.filter((sample) => !sample.oem);
  const oem = telematics.length > 0 ? { spans: [], missing: [] } : oemActivity(samples);
  const segments = applyBreakdowns(
    clipSegments(
      telematics.length > 0 ? buildSegments(telematics, profile) : oem.missing,
      windowFrom,
      windowTo,
    ),
    breakdowns,
    oem.spans,
    windowFrom,
    // An open breakdown runs up to now, not into the future.
    Math.min(windowTo, Date.now()),
  );
  const positions = samples.filter(
    (s): s is Sample & Position => s.latitude !== null && s.longitude !== null,
  );
  const rollups = dailyRollups({
    segments,
    oemSpans: oem.spans,
    breakdowns,
    fuel: analyseFuel(samples, profile),
    trips: stopsAndTrips(positions).trips,
    profile,
    timeZone,
    fromDay,
    toDay,
  }).filter((rollup) => !isEmpty(rollup));

  // Stored split at local midnights, so a later recompute of some days replaces exactly their pieces.
  const pieces: Segment[] = [];
  const localDays = new LocalDays(timeZone);
  for (const segment of segments) {
    forEachDayPiece(segment.fromMs, segment.toMs, localDays, (_day, fromMs, toMs) =>
      pieces.push({ state: segment.state, fromMs, toMs }),
    );
  }

  await db.transaction(async (tx) => {
    await tx.query(
      'DELETE FROM activity_segment WHERE machine_id = $1 AND from_at >= $2 AND from_at < $3',
      [machineId, new Date(windowFrom), new Date(windowTo)],
    );
    if (pieces.length > 0) {
      await tx.query(
        `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
         SELECT $1, * FROM unnest($2::timestamptz[], $3::timestamptz[], $4::text[])`,
        [
          machineId,
          pieces.map((p) => new Date(p.fromMs).toISOString()),
          pieces.map((p) => new Date(p.toMs).toISOString()),
          pieces.map((p) => p.state),
        ],
      );
    }
    await tx.query(
      'DELETE FROM machine_day_rollup WHERE machine_id = $1 AND day >= $2 AND day <= $3',
      [machineId, fromDay, toDay],
    );
    if (rollups.length > 0) {
      const column = <K extends keyof DayRollup>(key: K) => rollups.map((r) => r[key]);
      await tx.query(
        `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
           fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
           refill_l, thefts, theft_l, brokendown_s)
         SELECT $1, * FROM unnest($2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
           $8::float8[], $9::bool[], $10::float8[], $11::float8[], $12::int[], $13::text[], $14::float8[], $15::int[],
           $16::int[], $17::float8[], $18::int[], $19::float8[], $20::float8[])`,
        [
          machineId,
          column('day'),
          column('activeS'),
          column('idleS'),
          column('offS'),
          column('missingS'),
          column('outOfHoursS'),
          column('fuelL'),
          column('fuelEstimated'),
          column('co2Kg'),
          column('co2FactorKgPerL'),
          column('co2FactorYear'),
          column('fuelType'),
          column('distanceM'),
          column('trips'),
          column('refills'),
          column('refillL'),
          column('thefts'),
          column('theftL'),
          column('brokendownS'),
        ],
      );
    }
  });
}
