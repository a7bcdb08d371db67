// ISO 15143-3 time series of one machine (issue 43, docs/integrations.md): what each element was
// between two instants, oldest first, a page at a time. Positions and fuel levels are the devices'
// own records; the engine's state changes are its activity segments; the cumulative counters are
// one value at the end of each day, counted back from the snapshot's figure by the day rollups
// (so the last one is the snapshot's); faults are the breakdowns marked on the machine. A customer
// sees nothing from before its hire began.
import type { Queryable } from '../../db/database.ts';
import type { IsoEquipment, Reading } from './snapshot.ts';

export const SERIES_ELEMENTS = [
  'Locations',
  'CumulativeOperatingHours',
  'CumulativeIdleHours',
  'FuelUsed',
  'Distance',
  'FuelRemaining',
  'EngineStatus',
  'Faults',
] as const;
export type SeriesElement = (typeof SERIES_ELEMENTS)[number];

/** Readings per time-series page. */
export const SERIES_PAGE_SIZE = 1000;

export type SeriesValue =
  | { latitude: number; longitude: number; altitudeM: number | null }
  | { percent: number }
  | { running: boolean }
  | { description: string | null; endedAtMs: number | null }
  | number;

export interface SeriesWindow {
  machineId: string;
  /** The window asked for, already narrowed to what the caller may see. */
  fromMs: number;
  toMs: number;
  offset: number;
}

interface Page {
  readings: Reading<SeriesValue>[];
  total: number;
}

const TIMESTAMPS = (w: SeriesWindow) => [w.machineId, new Date(w.fromMs), new Date(w.toMs)];

async function records(db: Queryable, w: SeriesWindow, fuel: boolean): Promise<Page> {
  const where = `FROM telemetry_record r JOIN source s ON s.id = r.source_id
    WHERE s.machine_id = $1 AND r.device_time >= $2 AND r.device_time < $3
      AND r.invalid_reason IS NULL
      AND ${fuel ? 'r.fuel_level_pct IS NOT NULL' : 'r.latitude IS NOT NULL AND r.position_invalid_reason IS NULL'}`;
  const [rows, [counted]] = await Promise.all([
    db.query<{
      at: Date;
      latitude: number | null;
      longitude: number | null;
      altitude_m: number | null;
      fuel_level_pct: number | null;
    }>(
      `SELECT r.device_time AS at, r.latitude, r.longitude, r.altitude_m, r.fuel_level_pct ${where}
        ORDER BY r.device_time LIMIT $4 OFFSET $5`,
      [...TIMESTAMPS(w), SERIES_PAGE_SIZE, w.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, TIMESTAMPS(w)),
  ]);
  return {
    total: counted?.total ?? 0,
    readings: rows.map((row) => ({
      atMs: row.at.getTime(),
      value: fuel
        ? { percent: row.fuel_level_pct ?? 0 }
        : { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0, altitudeM: row.altitude_m },
    })),
  };
}

/** Each change of the engine's state (running: active or idle; not: off) inside the window. */
async function engineChanges(db: Queryable, w: SeriesWindow): Promise<Page> {
  const rows = await db.query<{ at: Date; running: boolean; total: number }>(
    `WITH states AS (
       SELECT from_at, state <> 'off' AS running,
              lag(state <> 'off') OVER (ORDER BY from_at) AS before
         FROM activity_segment
        WHERE machine_id = $1 AND state IN ('active', 'idle', 'off') AND from_at < $3
          AND to_at > $2::timestamptz - interval '1 day')
     SELECT from_at AS at, running, count(*) OVER ()::int AS total FROM states
      WHERE from_at >= $2 AND running IS DISTINCT FROM before
      ORDER BY from_at LIMIT $4 OFFSET $5`,
    [...TIMESTAMPS(w), SERIES_PAGE_SIZE, w.offset],
  );
  return {
    total: rows[0]?.total ?? 0,
    readings: rows.map((row) => ({ atMs: row.at.getTime(), value: { running: row.running } })),
  };
}

async function breakdowns(db: Queryable, w: SeriesWindow): Promise<Page> {
  const rows = await db.query<{ at: Date; to_at: Date | null; note: string | null; total: number }>(
    `SELECT from_at AS at, to_at, note, count(*) OVER ()::int AS total FROM machine_breakdown
      WHERE machine_id = $1 AND from_at >= $2 AND from_at < $3
      ORDER BY from_at LIMIT $4 OFFSET $5`,
    [...TIMESTAMPS(w), SERIES_PAGE_SIZE, w.offset],
  );
  return {
    total: rows[0]?.total ?? 0,
    readings: rows.map((row) => ({
      atMs: row.at.getTime(),
      value: { description: row.note, endedAtMs: row.to_at?.getTime() ?? null },
    })),
  };
}

const DAY_COLUMNS = {
  CumulativeOperatingHours: '(d.active_s + d.idle_s) / 3600',
  CumulativeIdleHours: 'd.idle_s / 3600',
  FuelUsed: 'd.fuel_l',
  Distance: 'd.distance_m / 1000',
} as const;
type Counter = keyof typeof DAY_COLUMNS;

/**
 * The counter at the end of each day in the window (the day still running: at the snapshot's
 * moment): the snapshot's figure less what the days after it added.
 */
async function dayEnds(
  db: Queryable,
  w: SeriesWindow,
  counter: Counter,
  now: Reading<number>,
): Promise<Page> {
  const rows = await db.query<{ at: Date; after: number; total: number }>(
    `WITH days AS (
       SELECT least(((d.day + 1)::timestamp AT TIME ZONE o.timezone), $6::timestamptz) AS at,
              coalesce(sum(${DAY_COLUMNS[counter]}) OVER (ORDER BY d.day DESC
                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS after
         FROM machine_day_rollup d JOIN machine m ON m.id = d.machine_id
         JOIN organisation o ON o.id = m.organisation_id
        WHERE d.machine_id = $1 AND d.day >= ($2::timestamptz AT TIME ZONE o.timezone)::date - 1)
     SELECT at, after, count(*) OVER ()::int AS total FROM days
      WHERE at >= $2 AND at < $3 AND at <= $6
      ORDER BY at LIMIT $4 OFFSET $5`,
    [...TIMESTAMPS(w), SERIES_PAGE_SIZE, w.offset, new Date(now.atMs)],
  );
  return {
    total: rows[0]?.total ?? 0,
    readings: rows
      .map((row) => ({ atMs: row.at.getTime(), value: now.value - row.after }))
      .filter((reading) => reading.value >= 0),
  };
}

const SNAPSHOT_OF: Record<Counter, keyof IsoEquipment> = {
  CumulativeOperatingHours: 'operatingHours',
  CumulativeIdleHours: 'idleHours',
  FuelUsed: 'fuelUsedL',
  Distance: 'distanceKm',
};

/** One page of an element's readings; `equipment` is the machine's snapshot, as the caller sees it. */
export async function timeSeries(
  db: Queryable,
  equipment: IsoEquipment,
  element: SeriesElement,
  w: SeriesWindow,
): Promise<Page> {
  switch (element) {
    case 'Locations':
      return records(db, w, false);
    case 'FuelRemaining':
      return records(db, w, true);
    case 'EngineStatus':
      return engineChanges(db, w);
    case 'Faults':
      return breakdowns(db, w);
    default: {
      const now = equipment[SNAPSHOT_OF[element]] as Reading<number> | null;
      return now ? dayEnds(db, w, element, now) : { readings: [], total: 0 };
    }
  }
}
