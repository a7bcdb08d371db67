// Machines' rollups in memory, for the list: every month rollup, and the day rollups of the last
// DAY_WINDOW days, per machine, loaded on first use and dropped whenever the engine recomputes the
// machine (recompute.ts calls invalidate). A range then costs a few additions per machine instead
// of a scan of the rollup tables: the list of 10,000 machines needs this (docs/performance.md).
// Days before the window, rarely asked for, are summed by the database.
// One server process per database is assumed, as the portal runs; a cached machine is also read
// again after MAX_AGE_MS, so another writer is seen within minutes.
import { addDays } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { planRange } from './rangePlan.ts';

/** The additive rollup columns the list sums, in this order in every Float64Array here. */
export const SUM_COLUMNS = [
  'active_s',
  'idle_s',
  'off_s',
  'missing_s',
  'out_of_hours_s',
  'fuel_l',
  'co2_kg',
  'distance_m',
  'refills',
  'thefts',
  'theft_l',
] as const;
export type SumColumn = (typeof SUM_COLUMNS)[number];
const K = SUM_COLUMNS.length;

/** What a set of rollups adds up to; `days` counts the day rollups behind it. */
export interface RollupSums {
  days: number;
  /** A plain array: the list makes thousands, and typed arrays are slow to allocate. */
  sums: number[];
  estimated: boolean;
  /** The first day with a rollup (yyyy-MM-dd), or null. */
  firstDay: string | null;
}

export const emptySums = (): RollupSums => ({
  days: 0,
  sums: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  estimated: false,
  firstDay: null,
});

if (emptySums().sums.length !== K) throw new Error('emptySums must have one zero per SUM_COLUMNS');

export function addInto(target: RollupSums, part: RollupSums): void {
  if (part.days === 0) return;
  target.days += part.days;
  for (let i = 0; i < K; i++) target.sums[i] = (target.sums[i] ?? 0) + (part.sums[i] ?? 0);
  target.estimated ||= part.estimated;
  if (part.firstDay && (!target.firstDay || part.firstDay < target.firstDay)) {
    target.firstDay = part.firstDay;
  }
}

/** Local days of one machine to sum, inclusive; `key` names the answer. */
export interface DaySpan {
  key: string;
  machineId: string;
  fromDay: string;
  toDay: string;
}

/** Inclusive local days where null is unbounded: all recorded time before or after. */
export interface DayBounds {
  fromDay: string | null;
  toDay: string | null;
}

/** A span of one machine's days, possibly unbounded. */
export interface RangeSpan extends Omit<DaySpan, 'fromDay' | 'toDay'>, DayBounds {}

const DAY_WINDOW = 70;
const MAX_AGE_MS = 5 * 60_000;

/**
 * Rollups of one machine in key order (months as yyyy-MM-01, or day indexes), with running totals:
 * any run of them sums in a constant number of steps, however long.
 */
class Series {
  readonly keys: (string | number)[] = [];
  private prefix = new Float64Array(K);
  private days: number[] = [0];
  private estimated: number[] = [0];
  private firstDays: (string | null)[] = [];

  constructor(entries: [string | number, RollupSums][]) {
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.prefix = new Float64Array((entries.length + 1) * K);
    entries.forEach(([key, sums], i) => {
      this.keys.push(key);
      for (let k = 0; k < K; k++) {
        this.prefix[(i + 1) * K + k] = (this.prefix[i * K + k] ?? 0) + (sums.sums[k] ?? 0);
      }
      this.days.push((this.days[i] ?? 0) + sums.days);
      this.estimated.push((this.estimated[i] ?? 0) + (sums.estimated ? 1 : 0));
      this.firstDays.push(sums.firstDay);
    });
  }

  /** The position of the first key at or after `key`. */
  private position(key: string | number): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.keys[mid] as string | number) < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Adds the rollups with keys from `from` to `to` (inclusive; null unbounded) into `target`. */
  addRun(target: RollupSums, from: string | number | null, to: string | number | null): void {
    const i = from === null ? 0 : this.position(from);
    const j =
      to === null
        ? this.keys.length
        : this.position(typeof to === 'number' ? to + 1 : `${to}\uffff`);
    if (j <= i) return;
    for (let k = 0; k < K; k++) {
      target.sums[k] =
        (target.sums[k] ?? 0) + (this.prefix[j * K + k] ?? 0) - (this.prefix[i * K + k] ?? 0);
    }
    target.days += (this.days[j] ?? 0) - (this.days[i] ?? 0);
    target.estimated ||= (this.estimated[j] ?? 0) > (this.estimated[i] ?? 0);
    const first = this.firstDays[i] ?? null;
    if (first && (!target.firstDay || first < target.firstDay)) target.firstDay = first;
  }
}

interface CachedMachine {
  loadedAt: number;
  months: Series;
  /** Day rollups from `dayBase` on, keyed by days after dayBase. */
  dayBase: string;
  days: Series;
}

const dayIndexes = new Map<string, number>();
/** Days from `base` to `day`; remembered, as a list asks the same few thousands of times. */
function dayIndex(base: string, day: string): number {
  const key = `${base}${day}`;
  let index = dayIndexes.get(key);
  if (index === undefined) {
    index = Math.round(
      (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${base}T00:00:00Z`)) / 86_400_000,
    );
    if (dayIndexes.size > 100_000) dayIndexes.clear();
    dayIndexes.set(key, index);
  }
  return index;
}

/** How a span is read: whole months, and the pieces of days around them (null: unbounded). */
interface Plan {
  months: boolean;
  firstMonth: string | null;
  lastMonth: string | null;
  pieces: [string, string | null][];
  /** The pieces as indexes into the day window that starts at `dayBase`. */
  dayBase: string | null;
  indexes: [number, number | null][];
}

function planOf(fromDay: string | null, toDay: string | null): Plan {
  const plan = planRange(fromDay, toDay);
  const pieces: [string | null, string | null][] = [];
  if (plan.leadFrom !== null || !plan.months) {
    pieces.push([plan.leadFrom, plan.leadTo === null ? null : addDays(plan.leadTo, -1)]);
  }
  if (plan.trailFrom !== null) pieces.push([plan.trailFrom, toDay]);
  return {
    months: plan.months,
    firstMonth: plan.firstMonth,
    lastMonth: plan.lastMonth,
    dayBase: null,
    indexes: [],
    pieces: pieces.filter(
      (piece): piece is [string, string | null] =>
        piece[0] !== null && (piece[1] === null || piece[0] <= piece[1]),
    ),
  };
}

/** A packed line: key|days|estimated|firstDay|the SUM_COLUMNS. */
const PACKED = `${['days', 'estimated::int', "coalesce(first_day::text, '')"]
  .concat(SUM_COLUMNS.map((c) => `coalesce(${c}, 0)`))
  .join(` || '|' || `)}`;

function unpack(line: string): [string, RollupSums] {
  const f = line.split('|');
  const sums: number[] = [];
  for (let i = 0; i < K; i++) sums.push(Number(f[4 + i]));
  return [
    f[0] ?? '',
    { days: Number(f[1]), estimated: f[2] === '1', firstDay: f[3] || null, sums },
  ];
}

const SPAN_SUMS = `
  SELECT string_agg(w.key || '|' || ${PACKED}, E'\\n') AS packed
    FROM (SELECT w.key, count(d.day) AS days, bool_or(d.fuel_estimated) AS estimated, min(d.day) AS first_day,
                 ${SUM_COLUMNS.map((c) => `sum(d.${c}) AS ${c}`).join(', ')}
            FROM unnest($1::text[], $2::uuid[], $3::date[], $4::date[]) AS w(key, machine_id, from_day, to_day)
            JOIN machine_day_rollup d ON d.machine_id = w.machine_id AND d.day >= w.from_day AND d.day <= w.to_day
           GROUP BY w.key) w`;

/** Sums of day spans straight from the day rollups; one query for any number of spans. */
export async function sumSpansFromDays(
  db: Queryable,
  spans: DaySpan[],
): Promise<Map<string, RollupSums>> {
  if (spans.length === 0) return new Map();
  const [row] = await db.query<{ packed: string | null }>(SPAN_SUMS, [
    spans.map((s) => s.key),
    spans.map((s) => s.machineId),
    spans.map((s) => s.fromDay),
    spans.map((s) => s.toDay),
  ]);
  return new Map(row?.packed ? row.packed.split('\n').map(unpack) : []);
}

export class RollupCache {
  private readonly machines = new Map<string, CachedMachine>();

  constructor(private readonly db: Queryable) {}

  /** Reads every machine's rollups now, so that the first list after a start is not the slow one. */
  async warm(): Promise<void> {
    const ids = await this.db.query<{ id: string }>(
      'SELECT id FROM machine WHERE archived_at IS NULL',
    );
    await this.load(ids.map((row) => row.id));
  }

  /** The engine recomputed these machines: read them again when next asked. */
  invalidate(machineIds: Iterable<string>): void {
    for (const id of machineIds) this.machines.delete(id);
  }

  private async load(machineIds: string[]): Promise<void> {
    const now = Date.now();
    const missing = machineIds.filter((id) => {
      const cached = this.machines.get(id);
      return !cached || now - cached.loadedAt > MAX_AGE_MS;
    });
    if (missing.length === 0) return;
    // A day before the window's start in any time zone; the window is what is held, not a promise.
    const dayBase = addDays(new Date(now).toISOString().slice(0, 10), -DAY_WINDOW);
    const [months, days] = await Promise.all([
      this.db.query<{ packed: string | null }>(
        `SELECT string_agg(machine_id::text || '|' || month::text || '|' || ${PACKED}, E'\\n') AS packed
           FROM (SELECT machine_id, month, days, fuel_estimated AS estimated, first_day, ${SUM_COLUMNS.join(', ')}
                   FROM machine_month_rollup WHERE machine_id = ANY($1::uuid[])) m`,
        [missing],
      ),
      this.db.query<{ packed: string | null }>(
        `SELECT string_agg(machine_id::text || '|' || day::text || '|' || ${PACKED}, E'\\n') AS packed
           FROM (SELECT machine_id, day, 1 AS days, fuel_estimated AS estimated, day AS first_day,
                        ${SUM_COLUMNS.join(', ')}
                   FROM machine_day_rollup WHERE machine_id = ANY($1::uuid[]) AND day >= $2::date) d`,
        [missing, dayBase],
      ),
    ]);
    const monthsOf = new Map<string, [string, RollupSums][]>(missing.map((id) => [id, []]));
    const daysOf = new Map<string, [number, RollupSums][]>(missing.map((id) => [id, []]));
    for (const line of months[0]?.packed?.split('\n') ?? []) {
      const [machineId, month] = line.split('|', 2) as [string, string];
      monthsOf.get(machineId)?.push([month, unpack(line.slice(machineId.length + 1))[1]]);
    }
    for (const line of days[0]?.packed?.split('\n') ?? []) {
      const [machineId, day] = line.split('|', 2) as [string, string];
      daysOf
        .get(machineId)
        ?.push([dayIndex(dayBase, day), unpack(line.slice(machineId.length + 1))[1]]);
    }
    for (const id of missing) {
      this.machines.set(id, {
        loadedAt: now,
        months: new Series(monthsOf.get(id) ?? []),
        dayBase,
        days: new Series(daysOf.get(id) ?? []),
      });
    }
  }

  /**
   * Sums per span: whole months from the month rollups, other days from memory where held, else
   * from the database. `spans` may name a machine many times (its hires, say).
   */
  async sumSpans(spans: RangeSpan[]): Promise<Map<string, RollupSums>> {
    await this.load([...new Set(spans.map((s) => s.machineId))]);
    const result = new Map<string, RollupSums>();
    const reader = new SpanReader();
    for (const span of spans) {
      const total = emptySums();
      result.set(span.key, total);
      const machine = this.machines.get(span.machineId);
      if (machine) reader.add(total, span.key, span.machineId, machine, span.fromDay, span.toDay);
    }
    for (const [key, sums] of await sumSpansFromDays(this.db, reader.fromDatabase)) {
      const target = result.get(key.split('~')[0] ?? '');
      if (target) addInto(target, sums);
    }
    return result;
  }

  /**
   * The spans' sums cut into consecutive periods (days, weeks or months of a chart): one total
   * per bucket, over every span.
   */
  async sumBuckets(spans: RangeSpan[], buckets: DayBounds[]): Promise<RollupSums[]> {
    await this.load([...new Set(spans.map((s) => s.machineId))]);
    const totals = buckets.map(() => emptySums());
    const reader = new SpanReader();
    for (const span of spans) {
      const machine = this.machines.get(span.machineId);
      if (!machine) continue;
      buckets.forEach((bucket, b) => {
        const from = laterDay(bucket.fromDay, span.fromDay);
        const to = earlierDay(bucket.toDay, span.toDay);
        if (from === null || to === null || from <= to) {
          reader.add(totals[b] as RollupSums, String(b), span.machineId, machine, from, to);
        }
      });
    }
    // Spans of one bucket share its key: the database adds them up in one row.
    for (const [key, sums] of await sumSpansFromDays(this.db, reader.fromDatabase)) {
      const target = totals[Number(key.split('~')[0])];
      if (target) addInto(target, sums);
    }
    return totals;
  }
}

/** The later of two days where null is the unbounded past; the earlier, null the unbounded future. */
const laterDay = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a > b ? a : b;
const earlierDay = (a: string | null, b: string | null) =>
  a === null ? b : b === null || a < b ? a : b;

/**
 * Adds spans of one machine's days into totals from its cached series; days before the cache's
 * window are gathered in `fromDatabase`, keyed `key~firstDay`. Most spans share their bounds (the
 * list's range, a hire's days, a chart's bucket): each is planned once.
 */
class SpanReader {
  readonly fromDatabase: DaySpan[] = [];
  private readonly plans = new Map<string | null, Map<string | null, Plan>>();

  add(
    target: RollupSums,
    key: string,
    machineId: string,
    machine: CachedMachine,
    fromDay: string | null,
    toDay: string | null,
  ): void {
    let byEnd = this.plans.get(fromDay);
    if (!byEnd) this.plans.set(fromDay, (byEnd = new Map()));
    let plan = byEnd.get(toDay);
    if (!plan) byEnd.set(toDay, (plan = planOf(fromDay, toDay)));
    if (plan.months) machine.months.addRun(target, plan.firstMonth, plan.lastMonth);
    if (plan.pieces.length === 0) return;
    // The pieces as day indexes, worked out once for the window most machines share.
    if (plan.dayBase !== machine.dayBase) {
      plan.dayBase = machine.dayBase;
      plan.indexes = plan.pieces.map(([from, to]) => [
        dayIndex(machine.dayBase, from),
        to === null ? null : dayIndex(machine.dayBase, to),
      ]);
    }
    for (let i = 0; i < plan.pieces.length; i++) {
      const [from, to] = plan.pieces[i] as [string, string | null];
      if (from < machine.dayBase) {
        this.fromDatabase.push({
          key: `${key}~${from}`,
          machineId,
          fromDay: from,
          toDay: to ?? '9999-12-31',
        });
      } else {
        const [fromIndex, toIndex] = plan.indexes[i] as [number, number | null];
        machine.days.addRun(target, fromIndex, toIndex);
      }
    }
  }
}

const caches = new WeakMap<Queryable, RollupCache>();

/** The one cache of a database. */
export function rollupCacheFor(db: Queryable): RollupCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RollupCache(db);
    caches.set(db, cache);
  }
  return cache;
}
