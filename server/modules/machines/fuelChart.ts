// The fuel chart of one machine (issue on fuel): tank levels thinned for drawing, the refills and
// thefts the engine finds in the raw records, and each day's litres and CO2, within what the
// caller may see of the machine.
import type { FuelQuery, FuelReply } from '../../../src/domain/api/machineSettings.ts';
import { startOfZonedDay } from '../../../src/domain/zonedTime.ts';
import type { Database } from '../../db/database.ts';
import { analyseFuel } from '../../telemetry/engine/fuel.ts';
import { machineSamples } from '../../telemetry/engine/recompute.ts';
import { dayRange } from './dayRange.ts';
import type { Visibility } from './visibility.ts';

/** The fuel chart reads raw records: a quarter at most. */
const MAX_FUEL_DAYS = 92;
const MAX_LEVEL_POINTS = 2000;

export async function fuelChart(
  db: Database,
  machineId: string,
  visibility: Visibility,
  query: FuelQuery,
): Promise<FuelReply> {
  const { startDate, endDate, fromMs, toMs } = dayRange(query, visibility.timezone, {
    defaultDays: 7,
    maxDays: MAX_FUEL_DAYS,
  });
  const visible = (ms: number) =>
    ms >= fromMs && ms < toMs && visibility.periods.some((p) => p.fromMs <= ms && ms < p.toMs);

  const [loaded, fuelType, days] = await Promise.all([
    machineSamples(db, machineId, fromMs, toMs),
    db.query<{ fuel_type: string }>('SELECT fuel_type FROM machine WHERE id = $1', [machineId]),
    db.query<{ day: string; fuel_l: number; co2_kg: number; fuel_estimated: boolean }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, fuel_l, co2_kg, fuel_estimated FROM machine_day_rollup
          WHERE machine_id = $1 AND day >= $2 AND day <= $3 ORDER BY day`,
      [machineId, startDate, endDate],
    ),
  ]);
  const samples = loaded?.samples ?? [];
  const fuel = loaded ? analyseFuel(samples, loaded.profile) : { refills: [], thefts: [] };
  const levels = samples.filter((s) => s.fuelLevelL !== null && visible(s.timeMs));
  // Thinned evenly so a quarter of minute-by-minute records still draws quickly.
  const step = Math.max(1, Math.ceil(levels.length / MAX_LEVEL_POINTS));
  const event = (e: { atMs: number; litres: number }) => ({
    time: new Date(e.atMs).toISOString(),
    litres: e.litres,
  });
  return {
    fuelType: fuelType[0]?.fuel_type ?? 'diesel',
    levels: levels
      .filter((_, i) => i % step === 0 || i === levels.length - 1)
      .map((s) => ({ time: new Date(s.timeMs).toISOString(), litres: s.fuelLevelL as number })),
    refills: fuel.refills.filter((e) => visible(e.atMs)).map(event),
    thefts: fuel.thefts.filter((e) => visible(e.atMs)).map(event),
    // A customer sees only the days its hires cover.
    days: days
      .filter(
        (d) => visible(startOfZonedDay(d.day, visibility.timezone).getTime()) || visibility.owned,
      )
      .map((d) => ({
        day: d.day,
        fuelL: d.fuel_l,
        co2Kg: d.co2_kg,
        estimated: d.fuel_estimated,
      })),
  };
}
