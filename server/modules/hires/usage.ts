// Over-use (issue 41, docs/rental.md "Over-use"): per hire and allowance period (day, week or month
// in the rental company's time zone), the engine hours of the machine's leading meter and the hours
// beyond the allowance, charged at the hire's rate. A period's hours are the meter's difference
// between its bounds (meters face, metersAt), so they reconcile with the meter by construction.
import type { HireUsage, OverusePeriod, UsagePeriod } from '../../../src/domain/api/hires.ts';
import { addDays, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { metersAt, type MeterMoment } from '../meters/index.ts';
import type { HireRow } from './store.ts';

export interface Window {
  fromMs: number;
  toMs: number;
}

export interface AllowancePeriod extends Window {
  /** The share of the period's allowance: the days of a week or month the window touches. */
  share: number;
}

const DAY_MS = 86_400_000;

/** The first day of the period holding `date` (yyyy-MM-dd), and the first day of the next. */
function periodDays(date: string, period: OverusePeriod): [string, string] {
  if (period === 'day') return [date, addDays(date, 1)];
  if (period === 'week') {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(date, -weekday);
    return [monday, addDays(monday, 7)];
  }
  const first = `${date.slice(0, 8)}01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return [first, next.toISOString().slice(0, 10)];
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The window cut at the period bounds, each part with its share of the allowance. */
export function allowancePeriods(
  window: Window,
  period: OverusePeriod | null,
  timezone: string,
): AllowancePeriod[] {
  if (window.toMs <= window.fromMs) return [];
  if (!period) return [{ ...window, share: 1 }];
  // Walked by local dates: two zone look-ups a hire, the period bounds' midnights remembered.
  const parts: AllowancePeriod[] = [];
  const lastDay = zonedDate(new Date(window.toMs - 1), timezone);
  let day = zonedDate(new Date(window.fromMs), timezone);
  let fromMs = window.fromMs;
  while (day <= lastDay) {
    const [first, next] = periodDays(day, period);
    const toMs = Math.min(window.toMs, startOfZonedDay(next, timezone).getTime());
    const touched = daysBetween(day, next <= lastDay ? next : addDays(lastDay, 1));
    parts.push({ fromMs, toMs, share: period === 'day' ? 1 : touched / daysBetween(first, next) });
    fromMs = toMs;
    day = next;
  }
  return parts;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** A hire with its rental company's time zone (the periods' days) and currency. */
export type UsageHire = HireRow & { timezone: string; currency: string };

/**
 * The usage of each hire over its time on hire within `window` (up to now): its periods, engine
 * hours, over-use and charge. Every hire's period bounds are read in one pass over the meters.
 */
export async function hireUsages(
  db: Queryable,
  hires: readonly UsageHire[],
  window: Window,
): Promise<HireUsage[]> {
  const plans = hires.map((hire) => {
    const span = {
      fromMs: Math.max(hire.starts_at.getTime(), window.fromMs),
      toMs: Math.min(hire.ends_at?.getTime() ?? Infinity, window.toMs),
    };
    return { hire, span, periods: allowancePeriods(span, hire.overuse_period, hire.timezone) };
  });
  // Each hire's period bounds: its start, then each period's end.
  const moments: MeterMoment[] = plans.flatMap(({ hire, span, periods }) =>
    (periods.length ? [span.fromMs, ...periods.map((p) => p.toMs)] : []).map((atMs) => ({
      machineId: hire.machine_id,
      at: new Date(atMs),
      timezone: hire.timezone,
      originAt: new Date(span.fromMs),
    })),
  );
  const { hours, leads } = await metersAt(db, moments);
  let start = 0;
  return plans.map(({ hire, span, periods }) => {
    const base = start;
    start += periods.length ? periods.length + 1 : 0;
    const rows: UsagePeriod[] = periods.map((p, k) => {
      const engineH = (hours[base + k + 1] ?? 0) - (hours[base + k] ?? 0);
      const allowanceH = (hire.overuse_allowance_h ?? 0) * p.share;
      const overuseH = hire.overuse_allowance_h === null ? 0 : Math.max(0, engineH - allowanceH);
      return {
        from: new Date(p.fromMs).toISOString(),
        to: new Date(p.toMs).toISOString(),
        engineH,
        allowanceH,
        overuseH,
        charge: cents(overuseH * (hire.overuse_rate ?? 0)),
      };
    });
    return {
      hireId: hire.id,
      contractNumber: hire.contract_number,
      machineId: hire.machine_id,
      from: new Date(span.fromMs).toISOString(),
      to: new Date(Math.max(span.fromMs, span.toMs)).toISOString(),
      meterSource: leads.get(hire.machine_id) ?? 'computed',
      currency: hire.currency,
      overusePeriod: hire.overuse_period,
      overuseAllowanceH: hire.overuse_allowance_h,
      overuseRate: hire.overuse_rate,
      periods: rows,
      engineH: rows.reduce((sum, r) => sum + r.engineH, 0),
      overuseH: rows.reduce((sum, r) => sum + r.overuseH, 0),
      charge: cents(rows.reduce((sum, r) => sum + r.charge, 0)),
    };
  });
}
