// A machine's settings on the details screen: load capacity, additional information (with the fuel
// type the engine's CO2 factor follows) and the hour meter's latest anchor (the meters module keeps it).
import type {
  AdditionalInformation,
  MachineSettings,
} from '../../../src/domain/api/machineSettings.ts';
import type { Queryable } from '../../db/database.ts';
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
