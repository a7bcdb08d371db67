// What an ISO 15143-3 snapshot says of each machine (issue 43, docs/integrations.md): its header,
// and each reading with the moment it was true: the last position, the hour meter (the leading
// meter, issue 41), the idle hours, fuel and distance counted over the machine's life, the fuel of
// the last 24 hours and the tank's level, and whether the engine runs. A customer's client sees the machines on hire to it now, and only what was true
// since its hire began.
import type { Queryable } from '../../db/database.ts';
import { ENGINE_HOURS_SINCE_READING } from '../../readModel/selection.ts';

/** Equipment per fleet page, as the standard allows at most. */
export const PAGE_SIZE = 100;

export interface Reading<T> {
  atMs: number;
  value: T;
}

export interface IsoEquipment {
  id: string;
  /** For a machine on hire to the caller, when the hire began: nothing before it is shown. */
  visibleFromMs: number | null;
  oemName: string | null;
  model: string | null;
  serialNumber: string | null;
  pin: string | null;
  location: Reading<{ latitude: number; longitude: number }> | null;
  operatingHours: Reading<number> | null;
  idleHours: Reading<number> | null;
  fuelUsedL: Reading<number> | null;
  /** Litres the fuel counter went up by in the 24 hours to its latest reading. */
  fuelUsedLast24L: Reading<number> | null;
  /** The tank's level in percent of its capacity. */
  fuelRemainingPct: Reading<number> | null;
  distanceKm: Reading<number> | null;
  engineRunning: Reading<boolean> | null;
}

interface Row {
  id: string;
  oem: string | null;
  model: string | null;
  serial_number: string | null;
  pin: string | null;
  visible_from: Date | null;
  latitude: number | null;
  longitude: number | null;
  position_at: Date | null;
  meter_h: number | null;
  counted_at: Date | null;
  idle_h: number | null;
  fuel_l: number | null;
  distance_km: number | null;
  engine_state: string | null;
  engine_at: Date | null;
  tank_pct: number | null;
  tank_at: Date | null;
  last24_l: number | null;
  last24_at: Date | null;
}

/**
 * The machines the organisation sees now: its own, and those on hire to it from other owners with
 * the moment that hire began (before which it sees nothing of them).
 */
const VISIBLE = `
  SELECT m.id, NULL::timestamptz AS visible_from FROM machine m
   WHERE m.organisation_id = $1 AND m.archived_at IS NULL
  UNION ALL
  (SELECT DISTINCT ON (h.machine_id) h.machine_id, h.starts_at FROM hire h
     JOIN machine hm ON hm.id = h.machine_id
    WHERE h.customer_organisation_id = $1 AND hm.organisation_id <> $1 AND hm.archived_at IS NULL
      AND h.starts_at <= now() AND coalesce(h.ends_at, 'infinity') > now()
    ORDER BY h.machine_id, h.starts_at DESC)`;

const SNAPSHOT = `
  SELECT m.id, m.oem, m.model, m.serial_number, m.pin, v.visible_from,
         pos.last_latitude AS latitude, pos.last_longitude AS longitude, pos.last_position_at AS position_at,
         CASE WHEN m.hour_meter_at IS NULL THEN m.hour_meter_h
              ELSE m.hour_meter_h + ${ENGINE_HOURS_SINCE_READING} END AS meter_h,
         -- The counters are as true as the last activity worked out, or the meter's own reading.
         greatest(m.hour_meter_at, seg.to_at) AS counted_at,
         life.idle_h, life.fuel_l, life.distance_km, seg.state AS engine_state, seg.to_at AS engine_at,
         tank.pct AS tank_pct, tank.at AS tank_at, last24.used_l AS last24_l, last24.at AS last24_at
    FROM page v
    JOIN machine m ON m.id = v.id
    JOIN organisation mo ON mo.id = m.organisation_id
    LEFT JOIN LATERAL (
      SELECT s.last_latitude, s.last_longitude, s.last_position_at FROM source s
       WHERE s.machine_id = m.id AND s.last_position_at IS NOT NULL
       ORDER BY s.last_position_at DESC LIMIT 1) pos ON true
    -- The latest state the engine worked out; one that runs on past now (a machine off until its
    -- next record) is true until now.
    LEFT JOIN LATERAL (
      SELECT a.state, least(a.to_at, now()) AS to_at FROM activity_segment a
       WHERE a.machine_id = m.id AND a.state IN ('active', 'idle', 'off')
       ORDER BY a.from_at DESC LIMIT 1) seg ON true
    -- Over the machine's life: its months, which the engine keeps with its days (a row a month).
    LEFT JOIN LATERAL (
      SELECT sum(r.idle_s) / 3600 AS idle_h, sum(r.fuel_l) AS fuel_l, sum(r.distance_m) / 1000 AS distance_km
        FROM machine_month_rollup r WHERE r.machine_id = m.id) life ON true
    -- The devices' latest tank level (ingest keeps it on the source): percent as sent, or litres
    -- in the capacity of the tank the sensor was attached to.
    LEFT JOIN LATERAL (
      SELECT s.fuel_level_at AS at,
             coalesce(s.fuel_level_pct, 100 * s.fuel_level_l / (
               SELECT a.tank_capacity_l FROM fuel_attachment a
                WHERE a.source_id = s.id AND a.starts_at <= s.fuel_level_at
                ORDER BY a.starts_at DESC LIMIT 1)) AS pct
        FROM source s
       WHERE s.machine_id = m.id AND s.fuel_enabled AND s.fuel_level_at IS NOT NULL
       ORDER BY s.fuel_level_at DESC LIMIT 1) tank ON true
    -- The fuel counter's latest reading less its reading 24 hours before (or its first since, or
    -- since the caller's hire began): one step back along the records' key from each end.
    LEFT JOIN LATERAL (
      SELECT c.at, c.latest - coalesce(
               (SELECT r.fuel_used_l FROM telemetry_record r
                 WHERE r.source_id = c.id AND r.invalid_reason IS NULL AND r.fuel_used_l IS NOT NULL
                   AND r.device_time <= c.since ORDER BY r.device_time DESC LIMIT 1),
               (SELECT r.fuel_used_l FROM telemetry_record r
                 WHERE r.source_id = c.id AND r.invalid_reason IS NULL AND r.fuel_used_l IS NOT NULL
                   AND r.device_time > c.since ORDER BY r.device_time LIMIT 1)) AS used_l
        FROM (SELECT s.id, s.fuel_used_l AS latest, s.fuel_used_at AS at,
                     greatest(s.fuel_used_at - interval '24 hours',
                              coalesce(v.visible_from, '-infinity')) AS since
                FROM source s
               WHERE s.machine_id = m.id AND s.fuel_enabled AND s.fuel_used_at IS NOT NULL
               ORDER BY s.fuel_used_at DESC LIMIT 1) c) last24 ON true
   ORDER BY m.id`;

function toEquipment(row: Row): IsoEquipment {
  const fromMs = row.visible_from?.getTime() ?? -Infinity;
  /** A reading the caller may see: known, and true since its view began. */
  const reading = <T>(at: Date | null, value: T | null): Reading<T> | null =>
    at === null || value === null || at.getTime() < fromMs ? null : { atMs: at.getTime(), value };
  const counted = (value: number | null) =>
    row.counted_at && value !== null && value > 0 ? reading(row.counted_at, value) : null;
  return {
    id: row.id,
    visibleFromMs: row.visible_from?.getTime() ?? null,
    oemName: row.oem,
    model: row.model,
    serialNumber: row.serial_number,
    pin: row.pin,
    location: reading(
      row.position_at,
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    ),
    operatingHours: reading(row.counted_at, row.meter_h),
    idleHours: counted(row.idle_h),
    fuelUsedL: counted(row.fuel_l),
    distanceKm: counted(row.distance_km),
    // A counter that went back (a device replaced) says nothing of the day's fuel.
    fuelUsedLast24L:
      row.last24_l !== null && row.last24_l >= 0 ? reading(row.last24_at, row.last24_l) : null,
    fuelRemainingPct: reading(row.tank_at, row.tank_pct),
    engineRunning: reading(
      row.engine_at,
      row.engine_state === null ? null : row.engine_state !== 'off',
    ),
  };
}

/** One page (from 1) of the machines the organisation sees, and how many it sees in all. */
export async function fleetPage(
  db: Queryable,
  organisationId: string,
  pageNumber: number,
): Promise<{ equipment: IsoEquipment[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db.query<Row>(
      `WITH page AS (SELECT * FROM (${VISIBLE}) visible ORDER BY id LIMIT $2 OFFSET $3) ${SNAPSHOT}`,
      [organisationId, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${VISIBLE}) visible`, [
      organisationId,
    ]),
  ]);
  return { equipment: rows.map(toEquipment), total: counted?.total ?? 0 };
}

/** One machine the organisation sees; null when it sees none of that id. */
export async function equipmentSnapshot(
  db: Queryable,
  organisationId: string,
  machineId: string,
): Promise<IsoEquipment | null> {
  const [row] = await db.query<Row>(
    `WITH page AS (SELECT * FROM (${VISIBLE}) visible WHERE id = $2) ${SNAPSHOT}`,
    [organisationId, machineId],
  );
  return row ? toEquipment(row) : null;
}
