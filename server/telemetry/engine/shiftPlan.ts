// Which shift applies to a machine on each day of a recompute window: the shift of the site it
// works on (its hire's site during a hire, else its home site), read on that site's clock; where
// the site has none, its owner's default shift; without one, the engine's default shift.
import type { ShiftDay, ShiftRule } from '../../../src/domain/shifts.ts';
import type { Queryable } from '../../db/database.ts';
import { defaultShiftRule } from './rules.ts';

export interface ShiftWindow {
  machineId: string;
  fromMs: number;
  toMs: number;
}

/** The shift of each local day (by its bounds), and of each hire by its id. */
export interface ShiftPlan {
  onDay(dayStartMs: number, dayEndMs: number): ShiftRule;
  ofHire(hireId: string): ShiftRule;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function shiftPlans(
  db: Queryable,
  windows: ShiftWindow[],
): Promise<Map<string, ShiftPlan>> {
  const machines = await db.query<{
    machine_id: string;
    timezone: string;
    default_days: ShiftDay[] | null;
    home_days: ShiftDay[] | null;
    home_timezone: string;
  }>(
    `SELECT m.id AS machine_id, o.timezone, ds.days AS default_days, hs.days AS home_days,
            coalesce(home.timezone, o.timezone) AS home_timezone
       FROM machine m JOIN organisation o ON o.id = m.organisation_id
       LEFT JOIN shift ds ON ds.organisation_id = m.organisation_id AND ds.is_default
       LEFT JOIN site home ON home.id = m.site_id
       LEFT JOIN shift hs ON hs.id = home.shift_id
      WHERE m.id = ANY($1::uuid[])`,
    [windows.map((w) => w.machineId)],
  );
  const hires = await db.query<{
    id: string;
    machine_id: string;
    starts_at: Date;
    ends_at: Date | null;
    days: ShiftDay[] | null;
    timezone: string | null;
  }>(
    `SELECT h.id, h.machine_id, h.starts_at, h.ends_at, sh.days, coalesce(st.timezone, so.timezone) AS timezone
       FROM hire h
       JOIN unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(machine_id, from_at, to_at)
         ON w.machine_id = h.machine_id AND h.starts_at < w.to_at AND (h.ends_at IS NULL OR h.ends_at > w.from_at)
       LEFT JOIN site st ON st.id = h.site_id
       LEFT JOIN organisation so ON so.id = st.organisation_id
       LEFT JOIN shift sh ON sh.id = st.shift_id`,
    [
      windows.map((w) => w.machineId),
      windows.map((w) => iso(w.fromMs)),
      windows.map((w) => iso(w.toMs)),
    ],
  );

  const plans = new Map<string, ShiftPlan>();
  for (const machine of machines) {
    const fallback: ShiftRule = machine.default_days
      ? { days: machine.default_days, timeZone: machine.timezone }
      : defaultShiftRule(machine.timezone);
    const home: ShiftRule = machine.home_days
      ? { days: machine.home_days, timeZone: machine.home_timezone }
      : fallback;
    const ownHires = hires
      .filter((hire) => hire.machine_id === machine.machine_id)
      .map((hire) => ({
        id: hire.id,
        fromMs: hire.starts_at.getTime(),
        toMs: hire.ends_at?.getTime() ?? Infinity,
        rule: hire.days
          ? { days: hire.days, timeZone: hire.timezone ?? machine.timezone }
          : fallback,
      }));
    plans.set(machine.machine_id, {
      onDay(dayStartMs, dayEndMs) {
        // A day belongs to the hire that holds its middle: a hire from 14:00 leaves the morning home.
        const middleMs = (dayStartMs + dayEndMs) / 2;
        return ownHires.find((h) => h.fromMs <= middleMs && middleMs < h.toMs)?.rule ?? home;
      },
      ofHire: (hireId) => ownHires.find((hire) => hire.id === hireId)?.rule ?? fallback,
    });
  }
  return plans;
}
