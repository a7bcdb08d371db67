// A machine's fuel settings and tank calibration: what counts as a refill or a theft, and the
// table that turns a level sensor's percent into litres. The callers recompute the history.
import type { CalibrationPoint, FuelSettings } from '../../../src/domain/api/machineSettings.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../httpError.ts';

export async function fuelSettingsOf(db: Queryable, machineId: string): Promise<FuelSettings> {
  const [row] = await db.query<{ min_refuelling_l: number; min_dipping_l: number }>(
    'SELECT min_refuelling_l, min_dipping_l FROM machine WHERE id = $1',
    [machineId],
  );
  if (!row) throw notFound('No such machine');
  return { min_refuelling_amount: row.min_refuelling_l, min_dipping_amount: row.min_dipping_l };
}

/** Saves the settings; true when they changed, and the history must be computed again. */
export async function saveFuelSettings(
  db: Queryable,
  machineId: string,
  settings: FuelSettings,
): Promise<boolean> {
  const before = await fuelSettingsOf(db, machineId);
  await db.query('UPDATE machine SET min_refuelling_l = $2, min_dipping_l = $3 WHERE id = $1', [
    machineId,
    settings.min_refuelling_amount,
    settings.min_dipping_amount,
  ]);
  return (
    before.min_refuelling_amount !== settings.min_refuelling_amount ||
    before.min_dipping_amount !== settings.min_dipping_amount
  );
}

export async function calibrationOf(db: Queryable, machineId: string) {
  const [row] = await db.query<{
    points: CalibrationPoint[];
    file_name: string;
    uploaded_at: Date;
  }>('SELECT points, file_name, uploaded_at FROM fuel_calibration WHERE machine_id = $1', [
    machineId,
  ]);
  return {
    fileName: row?.file_name ?? null,
    uploadedAt: row?.uploaded_at.toISOString() ?? null,
    points: row?.points ?? [],
  };
}

/** Replaces the machine's calibration; returns when it was uploaded. */
export async function saveCalibration(
  db: Queryable,
  machineId: string,
  calibration: { points: CalibrationPoint[]; fileName: string; userId: string },
): Promise<string | null> {
  const [saved] = await db.query<{ uploaded_at: Date }>(
    `INSERT INTO fuel_calibration (machine_id, points, file_name, uploaded_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (machine_id) DO UPDATE
       SET points = EXCLUDED.points, file_name = EXCLUDED.file_name, uploaded_by = EXCLUDED.uploaded_by,
           uploaded_at = now()
     RETURNING uploaded_at`,
    [machineId, JSON.stringify(calibration.points), calibration.fileName, calibration.userId],
  );
  return saved?.uploaded_at.toISOString() ?? null;
}

export async function deleteCalibration(db: Queryable, machineId: string) {
  await db.query('DELETE FROM fuel_calibration WHERE machine_id = $1', [machineId]);
}
