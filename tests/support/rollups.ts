// A machine's daily rollups by its name, in day order, for the ground-truth tests.
import type { Database } from '../../server/db/database.ts';

export interface DayRow {
  day: string;
  active_s: number;
  idle_s: number;
  off_s: number;
  missing_s: number;
  fuel_l: number;
}

export function daysOfMachine(db: Database, name: string): Promise<DayRow[]> {
  return db.query<DayRow>(
    `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, r.active_s, r.idle_s, r.off_s, r.missing_s, r.fuel_l
       FROM machine_day_rollup r JOIN machine m ON m.id = r.machine_id
      WHERE m.name = $1 ORDER BY r.day`,
    [name],
  );
}
