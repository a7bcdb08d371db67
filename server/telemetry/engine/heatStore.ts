// Writes the heat cells of recomputed days (engine/heatCells.ts), and sums their weeks again.
import { mondayOf } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { CellSummer, hexOf, packCells, type CellSums } from './heatPack.ts';

export interface HeatWindow {
  machineId: string;
  fromDay: string;
  toDay: string;
}

export interface MachineDayCells {
  machineId: string;
  day: string;
  cells: CellSums[];
}

/** Replaces the windows' day cells with `days`, then each touched week with the sum of its days. */
export async function storeHeat(
  tx: Queryable,
  windows: HeatWindow[],
  days: MachineDayCells[],
): Promise<void> {
  const ids = windows.map((w) => w.machineId);
  await tx.query(
    `DELETE FROM machine_day_heat h
      USING unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_day, to_day)
      WHERE h.machine_id = w.machine_id AND h.day >= w.from_day AND h.day <= w.to_day`,
    [ids, windows.map((w) => w.fromDay), windows.map((w) => w.toDay)],
  );
  const stored = days.filter((d) => d.cells.length > 0);
  if (stored.length > 0) {
    await tx.query(
      `INSERT INTO machine_day_heat (machine_id, day, cells)
       SELECT machine_id, day, decode(cells, 'hex')
         FROM unnest($1::uuid[], $2::date[], $3::text[]) AS d(machine_id, day, cells)`,
      [
        stored.map((d) => d.machineId),
        stored.map((d) => d.day),
        stored.map((d) => hexOf(packCells(d.cells))),
      ],
    );
  }

  const weeks = [
    ids,
    windows.map((w) => mondayOf(w.fromDay)),
    windows.map((w) => mondayOf(w.toDay)),
  ];
  const dayRows = await tx.query<{ machine_id: string; week: string; cells: Uint8Array }>(
    `SELECT h.machine_id, date_trunc('week', h.day)::date::text AS week, h.cells
       FROM unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_week, to_week)
       JOIN machine_day_heat h ON h.machine_id = w.machine_id AND h.day >= w.from_week
        AND h.day < w.to_week + 7`,
    weeks,
  );
  const sums = new Map<string, { machineId: string; week: string; summer: CellSummer }>();
  for (const row of dayRows) {
    const key = `${row.machine_id}|${row.week}`;
    let entry = sums.get(key);
    if (!entry) {
      entry = { machineId: row.machine_id, week: row.week, summer: new CellSummer() };
      sums.set(key, entry);
    }
    entry.summer.add(row.cells);
  }
  await tx.query(
    `DELETE FROM machine_week_heat h
      USING unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_week, to_week)
      WHERE h.machine_id = w.machine_id AND h.week >= w.from_week AND h.week <= w.to_week`,
    weeks,
  );
  const summed = [...sums.values()];
  if (summed.length > 0) {
    await tx.query(
      `INSERT INTO machine_week_heat (machine_id, week, cells)
       SELECT machine_id, week, decode(cells, 'hex')
         FROM unnest($1::uuid[], $2::date[], $3::text[]) AS w(machine_id, week, cells)
       ON CONFLICT (machine_id, week) DO NOTHING`,
      [
        summed.map((s) => s.machineId),
        summed.map((s) => s.week),
        summed.map((s) => hexOf(packCells(s.summer.cells()))),
      ],
    );
  }
}
