// Machines' rollups in memory, for the list: every month rollup, and the day rollups of the last
// DAY_WINDOW days, per machine, loaded on first use and dropped whenever the engine commits the
// machine (ReadModel.committed, in this process or announced by another). A range then costs a
// few additions per machine instead of a scan of the rollup tables: the list of 10,000 machines
// needs this (docs/performance.md). Days before the window, rarely asked for, are summed by the
// database. A cached machine is also read again after MAX_AGE_MS, in case an announcement was lost.
import { addDays } from '../../src/domain/zonedTime.ts';
import type { Queryable } from '../db/database.ts';
import { cacheLookups } from '../observability/metrics.ts';
import { activityEnds } from './activityEnds.ts';
import type { HirePart } from './hireDays.ts';
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
  /** A plain array of doubles: the list makes thousands, and typed arrays are slow to allocate. */
  sums: number[];
  estimated: boolean;
  /** The first day with a rollup (yyyy-MM-dd), or null. */
  firstDay: string | null;
}

export const emptySums = (): RollupSums => ({
  days: 0,
  // Minus zeros make V8 store the array as doubles from the start: with plain zeros each array
  // would be converted on its first fractional sum, which the list pays for thousands of times.
  sums: [-0, -0, -0, -0, -0, -0, -0, -0, -0, -0, -0],
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
export interface RangeSpan extends DayBounds {
  machineId: string;
}

const DAY_WINDOW = 70;
const MAX_AGE_MS = 5 * 60_000;

/** Every column, or the ones a caller needs (a chart adds fuel and CO2 only). */
const ALL_COLUMNS: readonly number[] = SUM_COLUMNS.map((_column, i) => i);

type Key = string | number;

/**
 * Series with the same keys share one keys array: machines that reported on the same days do, so
 * a run's positions, found once, serve all of them (see Plan).
 */
const sharedKeys = new Map<string, readonly Key[]>();
function shareKeys(keys: Key[]): readonly Key[] {
  const id = keys.join(',');
  let shared = sharedKeys.get(id);
  if (!shared) {
    if (sharedKeys.size > 50_000) sharedKeys.clear();
    sharedKeys.set(id, (shared = keys));
  }
  return shared;
}

/** Positions [i, j) of a run of keys in a series. */
type Run = readonly [number, number];

/**
 * Rollups of one machine in key order (months as yyyy-MM-01, or day indexes), with running totals:
 * any run of them sums in a constant number of steps, however long.
 */
class Series {
  readonly keys: readonly Key[];
  private readonly prefix: Float64Array;
  private readonly days: number[] = [0];
  private readonly estimated: number[] = [0];
  private readonly firstDays: (string | null)[] = [];

  constructor(entries: [Key, RollupSums][]) {
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.keys = shareKeys(entries.map(([key]) => key));
    this.prefix = new Float64Array((entries.length + 1) * K);
    entries.forEach(([, sums], i) => {
      for (let k = 0; k < K; k++) {
        this.prefix[(i + 1) * K + k] = (this.prefix[i * K + k] ?? 0) + (sums.sums[k] ?? 0);
      }
      this.days.push((this.days[i] ?? 0) + sums.days);
      this.estimated.push((this.estimated[i] ?? 0) + (sums.estimated ? 1 : 0));
      this.firstDays.push(sums.firstDay);
    });
  }

  /** The position of the first key at or after `key`. */
  private position(key: Key): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.keys[mid] as Key) < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The keys from `from` to `to` (inclusive; null unbounded). */
  run(from: Key | null, to: Key | null): Run {
    return [
      from === null ? 0 : this.position(from),
      to === null
        ? this.keys.length
        : this.position(typeof to === 'number' ? to + 1 : `${to}\uffff`),
    ];
  }

  /** Adds a run's rollups into `target`. */
  addRun(target: RollupSums, [i, j]: Run, columns: readonly number[] = ALL_COLUMNS): void {
    if (j <= i) return;
    const { prefix } = this;
    const sums = target.sums;
    for (const k of columns) {
      sums[k] = (sums[k] as number) + (prefix[j * K + k] as number) - (prefix[i * K + k] as number);
    }
    target.days += (this.days[j] as number) - (this.days[i] as number);
    target.estimated ||= (this.estimated[j] as number) > (this.estimated[i] as number);
    const first = this.firstDays[i] ?? null;
    if (first && (!target.firstDay || first < target.firstDay)) target.firstDay = first;
  }
}

interface CachedMachine {
  loadedAt: number;
  /** When its last activity segment ends (ms), if it has one: silence after it counts missing. */
  activityEndMs: number | undefined;
  /** Its hires' part days, keyed `hireId|yyyy-MM-dd`. */
  hireParts: Map<string, HirePart>;
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
  /** The runs found last, in the keys they were found in (shared by most machines). */
  monthKeys: readonly Key[] | null;
  monthRun: Run;
  dayKeys: readonly Key[] | null;
  dayRuns: Run[];
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
    monthKeys: null,
    monthRun: [0, 0],
    dayKeys: null,
    dayRuns: [],
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
/** The same for one hire part day `p`. */
const PART_PACKED = ['1', 'p.fuel_estimated::int', 'p.day::text']
  .concat(SUM_COLUMNS.map((c) => `coalesce(p.${c}, 0)`))
  .join(` || '|' || `);

const sharedDays = new Map<string, string>();
/**
 * One string per day for every cached series: comparing a day with itself is then the same
 * string, which V8 answers without reading it; the list and the dashboard compare first days
 * hundreds of thousands of times a call.
 */
function shareDay(day: string): string {
  let shared = sharedDays.get(day);
  if (shared === undefined) {
    if (sharedDays.size > 100_000) sharedDays.clear();
    sharedDays.set(day, (shared = day));
  }
  return shared;
}

function unpack(line: string): [string, RollupSums] {
  const f = line.split('|');
  const sums: number[] = [];
  for (let i = 0; i < K; i++) sums.push(Number(f[4 + i]));
  return [
    f[0] ?? '',
    { days: Number(f[1]), estimated: f[2] === '1', firstDay: f[3] ? shareDay(f[3]) : null, sums },
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
  /**
   * Counts invalidations; a load that began before a machine's last one read figures older than
   * that commit, so it is used for its own request but not kept.
   */
  private generation = 0;
  private readonly changedAt = new Map<string, number>();
  /** Reads under way, by machine. */
  private readonly loading = new Map<string, Promise<void>>();
  private everythingChangedAt = 0;
  /** When `changedAt` was last emptied: which machines changed before then is no longer known. */
  private changesForgottenAt = 0;
  /**
   * The sums of span lists asked for again (a kept selection's, fleet.ts): 200 users on one fleet's
   * list then cost its 16,000 spans once, not once per answer, and a commit the spans of its
   * machines only.
   */
  private readonly keptSums = new WeakMap<
    readonly RangeSpan[],
    { generation: number; untilMs: number; sums: readonly RollupSums[] }
  >();

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
    this.generation++;
    for (const id of machineIds) {
      this.machines.delete(id);
      this.changedAt.set(id, this.generation);
    }
    if (this.changedAt.size > 100_000) {
      this.changedAt.clear();
      this.changesForgottenAt = this.generation;
    }
  }

  invalidateAll(): void {
    this.generation++;
    this.everythingChangedAt = this.generation;
    this.machines.clear();
  }

  /** Each span's machine, read first where missing or stale: one lookup per span when all are held. */
  private async machinesOf(
    spans: readonly Pick<RangeSpan, 'machineId'>[],
  ): Promise<(CachedMachine | undefined)[]> {
    const now = Date.now();
    const stale: number[] = [];
    const found = spans.map((span, i) => {
      const cached = this.machines.get(span.machineId);
      if (cached && now - cached.loadedAt <= MAX_AGE_MS) return cached;
      stale.push(i);
      return undefined;
    });
    cacheLookups.inc({ cache: 'rollups', result: 'hit' }, spans.length - stale.length);
    cacheLookups.inc({ cache: 'rollups', result: 'miss' }, stale.length);
    if (stale.length > 0) {
      // Machines another request is reading already are waited for, not read twice.
      const ids = new Set(stale.map((i) => (spans[i] as RangeSpan).machineId));
      const waits = new Set<Promise<void>>();
      const toLoad: string[] = [];
      for (const id of ids) {
        const loading = this.loading.get(id);
        if (loading) waits.add(loading);
        else toLoad.push(id);
      }
      if (toLoad.length > 0) {
        const loading = this.load(toLoad).finally(() => {
          for (const id of toLoad) if (this.loading.get(id) === loading) this.loading.delete(id);
        });
        for (const id of toLoad) this.loading.set(id, loading);
        waits.add(loading);
      }
      await Promise.all(waits);
      for (const i of stale) found[i] = this.machines.get((spans[i] as RangeSpan).machineId);
    }
    return found;
  }

  private async load(machineIds: string[]): Promise<void> {
    const now = Date.now();
    const missing = [...new Set(machineIds)];
    if (missing.length === 0) return;
    const startedAt = this.generation;
    // A day before the window's start in any time zone; the window is what is held, not a promise.
    const dayBase = addDays(new Date(now).toISOString().slice(0, 10), -DAY_WINDOW);
    const [months, days, ends, parts] = await Promise.all([
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
      activityEnds(this.db, missing),
      this.db.query<{ packed: string | null }>(
        `SELECT string_agg(h.machine_id::text || '|' || p.hire_id::text || '|' || p.day::text || '|' ||
                           (extract(epoch FROM p.from_at) * 1000)::bigint || '|' ||
                           (extract(epoch FROM p.to_at) * 1000)::bigint || '|' ||
                           ${PART_PACKED},
                           E'\\n') AS packed
           FROM machine_hire_day_rollup p JOIN hire h ON h.id = p.hire_id
          WHERE h.machine_id = ANY($1::uuid[])`,
        [missing],
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
    const partsOf = new Map<string, Map<string, HirePart>>();
    for (const line of parts[0]?.packed?.split('\n') ?? []) {
      const [machineId = '', hireId = '', day = '', fromMs = '', toMs = ''] = line.split('|', 5);
      const rest = line.split('|').slice(5).join('|');
      let held = partsOf.get(machineId);
      if (!held) partsOf.set(machineId, (held = new Map()));
      held.set(`${hireId}|${day}`, {
        sums: unpack(`${day}|${rest}`)[1],
        fromMs: Number(fromMs),
        toMs: Number(toMs),
      });
    }
    for (const id of missing) {
      const outdated =
        this.everythingChangedAt > startedAt ||
        this.changesForgottenAt > startedAt ||
        (this.changedAt.get(id) ?? 0) > startedAt;
      this.machines.set(id, {
        loadedAt: outdated ? -Infinity : now,
        activityEndMs: ends.get(id),
        hireParts: partsOf.get(id) ?? new Map(),
        months: new Series(monthsOf.get(id) ?? []),
        dayBase,
        days: new Series(daysOf.get(id) ?? []),
      });
    }
  }

  /**
   * Each machine's activity end and hire part days, read first where missing or stale: what the
   * list adds to its sums (silence after the last record, hires starting or ending mid-day).
   */
  async factsOf(
    machineIds: string[],
  ): Promise<{ activityEndMs: number | undefined; hireParts: Map<string, HirePart> }[]> {
    const machines = await this.machinesOf(machineIds.map((machineId) => ({ machineId })));
    return machines.map((machine) => ({
      activityEndMs: machine?.activityEndMs,
      hireParts: machine?.hireParts ?? new Map<string, HirePart>(),
    }));
  }

  /**
   * Sums per span, in the spans' order: whole months from the month rollups, other days from
   * memory where held, else from the database. `spans` may name a machine many times (its hires).
   * The same list asked for again gets sums kept for it, shared: read only. Those of machines
   * committed since are summed again, the rest taken as kept.
   */
  async sumSpans(spans: readonly RangeSpan[]): Promise<readonly RollupSums[]> {
    const kept = this.keptSums.get(spans);
    const generation = this.generation;
    let result: RollupSums[] | undefined;
    let untilMs = Infinity;
    if (kept && Date.now() < kept.untilMs) {
      if (kept.generation === generation) return kept.sums;
      if (
        this.everythingChangedAt <= kept.generation &&
        this.changesForgottenAt <= kept.generation
      ) {
        const changed: number[] = [];
        spans.forEach((span, i) => {
          if ((this.changedAt.get(span.machineId) ?? 0) > kept.generation) changed.push(i);
        });
        // Under a stream of commits most lists see a few machines change, not the fleet.
        if (changed.length <= spans.length / 2) {
          const again = await this.sumSome(spans, changed);
          const merged = kept.sums.slice();
          changed.forEach((index, k) => (merged[index] = again.sums[k] as RollupSums));
          result = merged;
          untilMs = Math.min(kept.untilMs, again.untilMs);
        }
      }
    }
    if (!result) {
      const all = await this.sumSome(
        spans,
        spans.map((_span, i) => i),
      );
      result = all.sums;
      untilMs = all.untilMs;
    }
    if (this.generation === generation)
      this.keptSums.set(spans, { generation, untilMs, sums: result });
    return result;
  }

  /**
   * The sums of the spans at `indexes`, in that order, and until when they may be kept: while none
   * of their machines is due to be read again.
   */
  private async sumSome(
    spans: readonly RangeSpan[],
    indexes: number[],
  ): Promise<{ sums: RollupSums[]; untilMs: number }> {
    const chosen = indexes.map((i) => spans[i] as RangeSpan);
    const machines = await this.machinesOf(chosen);
    const reader = new SpanReader();
    const sums = chosen.map((span, k) => {
      const total = emptySums();
      const machine = machines[k];
      if (machine)
        reader.add(
          total,
          String(k),
          span.machineId,
          machine,
          reader.plan(span.fromDay, span.toDay),
        );
      return total;
    });
    for (const [key, part] of await sumSpansFromDays(this.db, reader.fromDatabase)) {
      const target = sums[Number(key.split('~')[0])];
      if (target) addInto(target, part);
    }
    let untilMs = Infinity;
    for (const machine of machines)
      untilMs = Math.min(untilMs, (machine?.loadedAt ?? -Infinity) + MAX_AGE_MS);
    return { sums, untilMs };
  }

  /**
   * The spans' sums cut into consecutive periods (days, weeks or months of a chart): one total
   * per bucket, over every span, of the `columns` asked for (indexes into SUM_COLUMNS).
   */
  async sumBuckets(
    spans: RangeSpan[],
    buckets: DayBounds[],
    columns: readonly number[] = ALL_COLUMNS,
  ): Promise<RollupSums[]> {
    const machines = await this.machinesOf(spans);
    const totals = buckets.map(() => emptySums());
    const reader = new SpanReader(columns);
    // Spans mostly share their bounds (an owner's machines, the range): each pair of bounds is
    // cut into the buckets once.
    const cuts = new Map<string, { bucket: number; plan: Plan }[]>();
    spans.forEach((span, i) => {
      const machine = machines[i];
      if (!machine) return;
      const id = `${span.fromDay}/${span.toDay}`;
      let cut = cuts.get(id);
      if (!cut) {
        cut = buckets.flatMap((bucket, b) => {
          const from = laterDay(bucket.fromDay, span.fromDay);
          const to = earlierDay(bucket.toDay, span.toDay);
          return from === null || to === null || from <= to
            ? [{ bucket: b, plan: reader.plan(from, to) }]
            : [];
        });
        cuts.set(id, cut);
      }
      for (const { bucket, plan } of cut) {
        reader.add(totals[bucket] as RollupSums, String(bucket), span.machineId, machine, plan);
      }
    });
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

  constructor(private readonly columns: readonly number[] = ALL_COLUMNS) {}

  plan(fromDay: string | null, toDay: string | null): Plan {
    let byEnd = this.plans.get(fromDay);
    if (!byEnd) this.plans.set(fromDay, (byEnd = new Map()));
    let plan = byEnd.get(toDay);
    if (!plan) byEnd.set(toDay, (plan = planOf(fromDay, toDay)));
    return plan;
  }

  add(
    target: RollupSums,
    key: string,
    machineId: string,
    machine: CachedMachine,
    plan: Plan,
  ): void {
    if (plan.months) {
      const { months } = machine;
      if (plan.monthKeys !== months.keys) {
        plan.monthKeys = months.keys;
        plan.monthRun = months.run(plan.firstMonth, plan.lastMonth);
      }
      months.addRun(target, plan.monthRun, this.columns);
    }
    if (plan.pieces.length === 0) return;
    const { days, dayBase } = machine;
    // The pieces as day indexes, worked out once for the window most machines share.
    if (plan.dayBase !== dayBase) {
      plan.dayBase = dayBase;
      plan.indexes = plan.pieces.map(([from, to]) => [
        dayIndex(dayBase, from),
        to === null ? null : dayIndex(dayBase, to),
      ]);
      plan.dayKeys = null;
    }
    if (plan.dayKeys !== days.keys) {
      plan.dayKeys = days.keys;
      plan.dayRuns = plan.indexes.map(([from, to]) => days.run(from, to));
    }
    for (let i = 0; i < plan.pieces.length; i++) {
      const [from, to] = plan.pieces[i] as [string, string | null];
      if (from < dayBase) {
        this.fromDatabase.push({
          key: `${key}~${from}`,
          machineId,
          fromDay: from,
          toDay: to ?? '9999-12-31',
        });
      } else days.addRun(target, plan.dayRuns[i] as Run, this.columns);
    }
  }
}
