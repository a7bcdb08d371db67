// The machines module's own reads: the makes a fleet has, one machine's profile, and where it was
// last seen.
import type { MachineProfileReply } from '../../../src/domain/api/machineInfo.ts';
import type { MachineRow } from '../../../src/domain/api/machines.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../httpError.ts';
import { MIN_SATELLITES } from '../../telemetry/engine/rules.ts';

/** The OEMs of the organisation's own fleet, for the settings' manufacturers list. */
export async function listManufacturers(db: Queryable, organisationId: string): Promise<string[]> {
  const rows = await db.query<{ oem: string }>(
    'SELECT DISTINCT oem FROM machine WHERE organisation_id = $1 AND oem IS NOT NULL ORDER BY oem',
    [organisationId],
  );
  return rows.map((row) => row.oem);
}

/**
 * Where the machine was last seen with a usable position, inside the periods the caller may see.
 * Only each source's latest 5,000 records are searched: a sensor without GPS must not make this
 * read its whole history.
 */
export async function latestLocation(
  db: Queryable,
  machineId: string,
  periods: { fromMs: number; toMs: number }[],
): Promise<MachineRow['location']> {
  const until = Math.min(Date.now(), Math.max(...periods.map((p) => p.toMs)));
  const rows = await db.query<{ latitude: number; longitude: number; device_time: Date }>(
    `SELECT r.latitude, r.longitude, r.device_time
       FROM source s
       CROSS JOIN LATERAL (
         SELECT latitude, longitude, device_time, invalid_reason, position_invalid_reason, satellites
           FROM telemetry_record WHERE source_id = s.id AND device_time < $2
          ORDER BY device_time DESC LIMIT 5000) r
      WHERE s.machine_id = $1 AND r.invalid_reason IS NULL AND r.position_invalid_reason IS NULL
        AND r.latitude IS NOT NULL AND r.longitude IS NOT NULL
        AND (r.satellites IS NULL OR r.satellites >= ${MIN_SATELLITES})
      ORDER BY r.device_time DESC LIMIT 200`,
    [machineId, new Date(until)],
  );
  const seen = rows.find((row) =>
    periods.some(
      (p) => p.fromMs <= row.device_time.getTime() && row.device_time.getTime() < p.toMs,
    ),
  );
  return seen
    ? {
        latitude: seen.latitude,
        longitude: seen.longitude,
        lastUpdated: seen.device_time.toISOString(),
      }
    : null;
}

/** A machine's profile: what it is, whose, its group and time zone, and its first day of data. */
export async function machineProfile(
  db: Queryable,
  machineId: string,
): Promise<MachineProfileReply> {
  const [row] = await db.query<Omit<MachineProfileReply, 'createdAt'> & { createdAt: Date }>(
    `SELECT m.id, m.name, m.asset_id AS "assetId", m.oem, m.model, m.serial_number AS "serialNumber", m.pin,
            m.manufacturing_year AS "manufacturingYear", m.category, m.type, m.fuel_type AS "fuelType",
            g.name AS "group", m.ownership_type AS "ownershipType", m.owner, m.image_url AS "imageUrl",
            o.timezone, m.load_capacity_t AS "loadCapacity", m.created_at AS "createdAt",
            (SELECT to_char(min(day), 'YYYY-MM-DD') FROM machine_day_rollup WHERE machine_id = m.id) AS "firstDataDay"
       FROM machine m JOIN organisation o ON o.id = m.organisation_id
       LEFT JOIN machine_group g ON g.id = m.group_id
      WHERE m.id = $1`,
    [machineId],
  );
  if (!row) throw notFound('No such machine');
  return { ...row, createdAt: row.createdAt.toISOString() };
}
