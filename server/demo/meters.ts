// The demo's hour meters (issue 41), written once the replayed history has its activity: readings
// taken by hand on three of Northbank's busiest machines, through the meters module's own rules.
// One agrees with the engine's count, one had its meter replaced mid-week, and one reads 9 h ahead
// of the engine: the drifting meter the staff home lists.
import type { Database } from '../db/database.ts';
import { engineHoursBetween, recordReading, weighDrift } from '../modules/meters/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DRIFT_H = 9;
const tenths = (h: number) => Math.round(h * 10) / 10;

interface Machine {
  id: string;
  organisation_id: string;
}

export async function seedDemoMeters(db: Database, nowMs: number): Promise<void> {
  // Seeded already: a restart keeps the readings of the first start.
  const [seeded] = await db.query("SELECT 1 FROM meter_reading WHERE source = 'manual' LIMIT 1");
  if (seeded) return;
  const busiest = await db.query<Machine>(
    `SELECT m.id, m.organisation_id FROM machine m JOIN organisation o ON o.id = m.organisation_id
       JOIN machine_day_rollup d ON d.machine_id = m.id AND d.day >= current_date - 7
      WHERE o.name = 'Northbank Plant Hire' AND m.archived_at IS NULL
      GROUP BY m.id, m.organisation_id ORDER BY sum(d.active_s + d.idle_s) DESC, m.id LIMIT 3`,
  );
  const [agrees, replaced, drifting] = busiest;
  if (!agrees || !replaced || !drifting) return;
  const t0 = new Date(nowMs - 6 * DAY_MS);
  const t1 = new Date(nowMs - 3 * DAY_MS);
  const t2 = new Date(nowMs - 2 * HOUR_MS);
  const read = async (
    machine: Machine,
    at: Date,
    valueH: number,
    replacement?: { startingValueH: number },
  ) =>
    recordReading(db, machine.organisation_id, {
      machineId: machine.id,
      source: 'manual',
      readAt: at,
      valueH: tenths(valueH),
      replacement,
    });
  await read(agrees, t0, 2250);
  await read(agrees, t2, 2250 + (await engineHoursBetween(db, agrees.id, t0, t2)));

  await read(replaced, t0, 3412);
  await read(replaced, t1, 0.5, { startingValueH: 0 });
  await read(replaced, t2, 0.5 + (await engineHoursBetween(db, replaced.id, t1, t2)));

  await read(drifting, t0, 5120);
  await read(drifting, t2, 5120 + (await engineHoursBetween(db, drifting.id, t0, t2)) + DRIFT_H);

  for (const machine of busiest) await weighDrift(db, machine.id, nowMs);
}
