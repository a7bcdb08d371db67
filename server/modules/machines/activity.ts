// A machine's day-by-day activity timeline from its stored segments and daily rollups, as much of
// it as the caller may see.
import {
  MAX_ACTIVITY_DAYS,
  type ActivityDay,
  type ActivityState,
  type MachineActivityQuery,
  type MachineActivityReply,
} from '../../../src/domain/api/machineActivity.ts';
import { nextDate, startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { activityEnds } from '../../readModel/activityEnds.ts';
import { clipToPeriods, type Visibility } from './visibility.ts';

/** Most speed points one call returns, so a long range cannot produce a huge reply. */
const MAX_SPEED_POINTS = 50_000;

interface RollupRow {
  day: string;
  out_of_hours_s: number;
  fuel_l: number;
  fuel_estimated: boolean;
  co2_kg: number;
  distance_m: number;
  trips: number;
  refills: number;
  thefts: number;
}

const HOUR_S = 3600;

export async function machineActivity(
  db: Queryable,
  machineId: string,
  visibility: Visibility,
  query: MachineActivityQuery,
): Promise<MachineActivityReply> {
  const { startDate, endDate } = query;
  if (endDate < startDate) throw badRequest('endDate', 'endDate must not be before startDate');
  const days: string[] = [];
  for (let day = startDate; day <= endDate; day = nextDate(day)) {
    days.push(day);
    if (days.length > MAX_ACTIVITY_DAYS) {
      throw badRequest('endDate', `at most ${MAX_ACTIVITY_DAYS} days at a time`);
    }
  }
  const timeZone = visibility.timezone;
  const dayStart = (day: string) => startOfZonedDay(day, timeZone).getTime();
  const windowFrom = dayStart(startDate);
  const windowTo = dayStart(nextDate(endDate));
  if (clipToPeriods(windowFrom, windowTo, visibility.periods).length === 0) {
    throw notFound('No such machine in this range');
  }

  const [segments, rollups, speeds, ends] = await Promise.all([
    db.query<{ state: ActivityState; from_at: Date; to_at: Date }>(
      `SELECT state, from_at, to_at FROM activity_segment
        WHERE machine_id = $1 AND from_at >= $2 AND from_at < $3 ORDER BY from_at`,
      [machineId, new Date(windowFrom), new Date(windowTo)],
    ),
    db.query<RollupRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, out_of_hours_s, fuel_l, fuel_estimated, co2_kg,
              distance_m, trips, refills, thefts
         FROM machine_day_rollup WHERE machine_id = $1 AND day >= $2 AND day <= $3`,
      [machineId, startDate, endDate],
    ),
    query.speed
      ? db.query<{ time: Date; kmh: number }>(
          `SELECT r.device_time AS time, r.speed_kmh AS kmh
             FROM source s JOIN telemetry_record r ON r.source_id = s.id
            WHERE s.machine_id = $1 AND r.device_time >= $2 AND r.device_time < $3
              AND r.invalid_reason IS NULL AND r.speed_kmh IS NOT NULL
            ORDER BY r.device_time LIMIT ${MAX_SPEED_POINTS}`,
          [machineId, new Date(windowFrom), new Date(windowTo)],
        )
      : Promise.resolve([]),
    activityEnds(db, [machineId]),
  ]);
  // After the machine's last record, up to now, nothing is known: no data, as in a gap.
  const silentFrom = ends.get(machineId);
  const nowMs = Date.now();
  const rollupByDay = new Map(rollups.map((r) => [r.day, r]));
  const visible = (ms: number) => visibility.periods.some((p) => p.fromMs <= ms && ms < p.toMs);

  const reply: MachineActivityReply = { machineId, timezone: timeZone, days: [] };
  for (const day of days) {
    const from = dayStart(day);
    const to = dayStart(nextDate(day));
    const seen = clipToPeriods(from, to, visibility.periods);
    if (seen.length === 0) continue;
    // A customer sees the day's figures only when its hire covers the whole day.
    const whole = seen.length === 1 && seen[0]?.fromMs === from && seen[0]?.toMs === to;
    const rollup = whole ? rollupByDay.get(day) : undefined;
    const entry: ActivityDay = {
      date: day,
      segments: [],
      activeHours: 0,
      idleHours: 0,
      offHours: 0,
      missingHours: 0,
      brokendownHours: 0,
      outOfHours: rollup ? rollup.out_of_hours_s / HOUR_S : whole ? 0 : null,
      fuelL: rollup ? rollup.fuel_l : whole ? 0 : null,
      fuelEstimated: rollup?.fuel_estimated ?? false,
      co2Kg: rollup ? rollup.co2_kg : whole ? 0 : null,
      distanceKm: rollup ? rollup.distance_m / 1000 : whole ? 0 : null,
      trips: rollup ? rollup.trips : whole ? 0 : null,
      refills: rollup ? rollup.refills : whole ? 0 : null,
      thefts: rollup ? rollup.thefts : whole ? 0 : null,
    };
    for (const segment of segments) {
      const segmentFrom = segment.from_at.getTime();
      if (segmentFrom < from || segmentFrom >= to) continue;
      for (const part of clipToPeriods(segmentFrom, segment.to_at.getTime(), seen)) {
        entry.segments.push({
          state: segment.state,
          from: new Date(part.fromMs).toISOString(),
          to: new Date(part.toMs).toISOString(),
        });
        const hours = (part.toMs - part.fromMs) / 3_600_000;
        if (segment.state === 'active') entry.activeHours += hours;
        else if (segment.state === 'idle') entry.idleHours += hours;
        else if (segment.state === 'off') entry.offHours += hours;
        else if (segment.state === 'missing') entry.missingHours += hours;
        else entry.brokendownHours += hours;
      }
    }
    if (silentFrom !== undefined) {
      for (const part of clipToPeriods(Math.max(silentFrom, from), Math.min(to, nowMs), seen)) {
        entry.segments.push({
          state: 'missing',
          from: new Date(part.fromMs).toISOString(),
          to: new Date(part.toMs).toISOString(),
        });
        entry.missingHours += (part.toMs - part.fromMs) / 3_600_000;
      }
    }
    if (query.speed) {
      entry.speeds = speeds
        .filter(
          (s) => s.time.getTime() >= from && s.time.getTime() < to && visible(s.time.getTime()),
        )
        .map((s) => ({ time: s.time.toISOString(), kmh: s.kmh }));
    }
    reply.days.push(entry);
  }
  return reply;
}
