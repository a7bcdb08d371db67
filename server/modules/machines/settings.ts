// A machine's settings on the details screen: load capacity, additional information (with the fuel
// type the engine's CO2 factor follows) and hour-meter corrections.
import type {
  AdditionalInformation,
  HourMeterBody,
  MachineSettings,
} from '../../../src/domain/api/machineSettings.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { CO2_FACTORS } from '../../telemetry/engine/rules.ts';

/** Emission stages and tiers an equipment rental fleet meets (EU Stage, US EPA Tier). */
export const EMISSION_STANDARDS = [
  'Stage IIIA',
  'Stage IIIB',
  'Stage IV',
  'Stage V',
  'Tier 3',
  'Tier 4 Interim',
  'Tier 4 Final',
  'Electric (zero exhaust)',
];

/** The details screen's settings of one machine. */
export async function machineSettings(db: Queryable, machineId: string): Promise<MachineSettings> {
  const [row] = await db.query<{
    group_id: string | null;
    load_capacity_t: number | null;
    fuel_type: string;
    additional_information: AdditionalInformation;
    hour_meter_h: number | null;
    hour_meter_at: Date | null;
  }>(
    `SELECT group_id, load_capacity_t, fuel_type, additional_information, hour_meter_h, hour_meter_at
       FROM machine WHERE id = $1`,
    [machineId],
  );
  if (!row) throw notFound('No such machine');
  return {
    groupId: row.group_id,
    loadCapacity: row.load_capacity_t,
    // The fuel type is the engine's (it sets the CO2 factor); the rest is the form's own.
    additionalInformation: { ...row.additional_information, fuelType: row.fuel_type },
    hourMeterReading:
      row.hour_meter_at && row.hour_meter_h !== null
        ? { time: row.hour_meter_at.toISOString(), value: row.hour_meter_h }
        : null,
  };
}

export async function setLoadCapacity(db: Queryable, machineId: string, capacityT: number | null) {
  await db.query('UPDATE machine SET load_capacity_t = $2 WHERE id = $1', [machineId, capacityT]);
}

/**
 * Merges the form's fields into the machine's additional information, checked against the
 * organisation's mandatory fields; returns whether the fuel type changed.
 */
export async function saveAdditionalInformation(
  db: Queryable,
  machineId: string,
  body: AdditionalInformation,
  mandatoryFields: readonly string[],
): Promise<{ fuelChanged: boolean }> {
  const { fuelType, ...rest } = body;
  if (fuelType !== undefined && !(fuelType in CO2_FACTORS)) {
    throw badRequest('fuelType', `fuelType must be one of ${Object.keys(CO2_FACTORS).join(', ')}`);
  }
  if (rest.emissionStandard && !EMISSION_STANDARDS.includes(rest.emissionStandard)) {
    throw badRequest('emissionStandard', `Unknown emission standard '${rest.emissionStandard}'`);
  }
  const current = await machineSettings(db, machineId);
  const next = { ...current.additionalInformation, ...body };
  for (const field of mandatoryFields) {
    if (field in next && (next[field as keyof typeof next] ?? '') === '') {
      throw badRequest(field, `${field} is mandatory`);
    }
  }
  await db.query(
    `UPDATE machine SET additional_information = additional_information || $2::jsonb,
            fuel_type = coalesce($3, fuel_type)
      WHERE id = $1`,
    [machineId, JSON.stringify(rest), fuelType ?? null],
  );
  return { fuelChanged: !!fuelType && current.additionalInformation.fuelType !== fuelType };
}

/** An hour-meter correction: kept in the record; the machine shows the latest reading. */
export async function recordHourMeter(
  db: Database,
  machineId: string,
  reading: HourMeterBody & { userId: string },
) {
  const { time, value, timezone, userId } = reading;
  const at = new Date(time);
  if (at.getTime() > Date.now() + 60_000) {
    throw badRequest('time', 'The reading cannot be in the future');
  }
  if (!Intl.supportedValuesOf('timeZone').includes(timezone) && timezone !== 'UTC') {
    throw badRequest('timezone', `Unknown time zone '${timezone}'`);
  }
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO hour_meter_correction (machine_id, read_at, value_h, timezone, user_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [machineId, at, value, timezone, userId],
    );
    // The machine keeps its latest reading; an older correction only enters the record.
    await tx.query(
      `UPDATE machine SET hour_meter_h = $2, hour_meter_at = $3
        WHERE id = $1 AND (hour_meter_at IS NULL OR hour_meter_at <= $3)`,
      [machineId, value, at],
    );
  });
}
