// A selection of machines measured over a range: the database selects and orders the machines
// (search, filters, descriptor sorts); their activity is summed from the rollup cache. The machine
// list and the dashboard both stand on this, so that the two never disagree.
import { zonedDate } from '../../src/domain/zonedTime.ts';
import { hireDays, partDayAvailableS, shiftDaysOf, type HireEdges } from './hireDays.ts';
import type { Queryable, SqlParam } from '../db/database.ts';
import type { MachineListSummary } from '../../src/domain/api/machines.ts';
import {
  activitySummary,
  availableSeconds,
  type ActivityColumns,
  type RangeDays,
} from './metrics.ts';
import { addInto, emptySums, SUM_COLUMNS, type RangeSpan, type RollupSums } from './rollupCache.ts';
import {
  isStableFilter,
  MACHINE_ROWS,
  selectMachines,
  type MachineSelection,
  type ViewingOrganisation,
} from './selection.ts';
import { silentSeconds, withMissing, type TimeWindow } from './silence.ts';
import { weekdaysBetween } from './workingDays.ts';
import type { ReadModel } from './readModel.ts';

/** Active seconds within a machine's hire contracts, and the seconds those contracts expect. */
export interface RentalParts {
  active: number;
  available: number;
}

/** A selected machine and its rollups summed over the range. */
export interface MeasuredMachine {
  id: string;
  owned: boolean;
  onHire: boolean;
  category: string | null;
  type: string | null;
  total: RollupSums;
  rental: RentalParts | undefined;
  /** Seconds available for work (docs/activity.md, workingUtilisation). */
  available: number;
}

export interface MeasuredFleet {
  /** In the order asked for (`orderBy`). */
  machines: MeasuredMachine[];
  /** The days counted as activity: an owned machine's range, a hired one's hires within it. */
  activitySpans: RangeSpan[];
  range: RangeDays;
  /** The selection's three fixed parameters (organisation, range start and end) for row reads. */
  rowParams: SqlParam[];
}

/** A group of measured machines added up: the fleet, or one category. */
export interface MeasureTotals {
  columns: ActivityColumns;
  availableS: number;
  numberOfMachines: number;
  withActivity: number;
  onHire: number;
}

interface Hire extends HireEdges {
  id: string;
  /** The machine's position in the selection. */
  position: number;
  owned: boolean;
  /** The caller is this hire's customer. */
  mine: boolean;
  hoursPerDay: number;
  /** The shift of the hire's site, else the owner's default: its hours place a part day's contract. */
  shiftId: string | null;
  /** The owner's time zone, which the hire's days are in. */
  timeZone: string;
  /** When the hire starts and ends. */
  window: TimeWindow;
}

const earlierOf = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : a < b ? a : b;

export const COLUMN = Object.fromEntries(SUM_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof SUM_COLUMNS)[number],
  number
>;

// Field and line separators of the packed selection: category and type are free text.
const FIELD = '\x1f';
const LINE = '\x1e';
const text = (column: string) => `translate(coalesce(${column}, ''), E'\\x1e\\x1f', '')`;

export function columnsOf(total: RollupSums, rental: RentalParts | undefined): ActivityColumns {
  const has = total.days > 0;
  const sums = total.sums;
  return {
    activity_days: total.days,
    active_s: has ? (sums[COLUMN.active_s] ?? 0) : null,
    idle_s: has ? (sums[COLUMN.idle_s] ?? 0) : null,
    off_s: has ? (sums[COLUMN.off_s] ?? 0) : null,
    missing_s: has ? (sums[COLUMN.missing_s] ?? 0) : null,
    out_of_hours_s: has ? (sums[COLUMN.out_of_hours_s] ?? 0) : null,
    fuel_l: has ? (sums[COLUMN.fuel_l] ?? 0) : null,
    fuel_estimated: has ? total.estimated : null,
    co2_kg: has ? (sums[COLUMN.co2_kg] ?? 0) : null,
    distance_m: has ? (sums[COLUMN.distance_m] ?? 0) : null,
    refills: has ? (sums[COLUMN.refills] ?? 0) : null,
    thefts: has ? (sums[COLUMN.thefts] ?? 0) : null,
    theft_l: has ? (sums[COLUMN.theft_l] ?? 0) : null,
    first_day: total.firstDay,
    rental_active_s: rental ? rental.active : null,
    rental_available_s: rental ? rental.available : null,
  };
}

/** Adds up measured machines: sums of their rollups, available and contract hours. */
export function totalsOf(machines: MeasuredMachine[]): MeasureTotals {
  const sums = emptySums();
  const rental: RentalParts = { active: 0, available: 0 };
  let hasRental = false;
  let availableS = 0;
  let withActivity = 0;
  let onHire = 0;
  for (const machine of machines) {
    addInto(sums, machine.total);
    availableS += machine.available;
    if (machine.total.days > 0) withActivity++;
    if (machine.onHire) onHire++;
    if (machine.rental) {
      hasRental = true;
      rental.active += machine.rental.active;
      rental.available += machine.rental.available;
    }
  }
  return {
    columns: columnsOf(sums, hasRental ? rental : undefined),
    availableS,
    numberOfMachines: machines.length,
    withActivity,
    onHire,
  };
}

/** The list's summary, and the dashboard's: every metric over a group of machines. */
export function fleetSummary(totals: MeasureTotals): MachineListSummary {
  return {
    numberOfMachines: { value: totals.numberOfMachines },
    onHire: { value: totals.onHire },
    withActivity: { value: totals.withActivity },
    ...activitySummary(totals.columns, totals.availableS),
  };
}

export async function measureFleet(
  model: ReadModel,
  organisation: ViewingOrganisation,
  selection: MachineSelection,
  /** The SQL order of `machines`; null when the caller needs none (sorting costs). */
  orderBy: string | null = 'lower(name), id',
): Promise<MeasuredFleet> {
  const skeleton = await model.selections.get(selectionKey(organisation, selection, orderBy), () =>
    selectFleet(model.db, organisation, selection, orderBy),
  );
  return measureSkeleton(model, skeleton);
}

/**
 * Whether a selection reads only what the fleet_change count watches (machines, hires, sites,
 * groups, shifts, operators, devices): then it is kept while the count stays. The key names it.
 */
function selectionKey(
  organisation: ViewingOrganisation,
  selection: MachineSelection,
  orderBy: string | null,
): string | null {
  if (selection.q?.trim() || (orderBy && LIVE_ORDER.test(orderBy))) return null;
  if (selection.filter && !isStableFilter(selection.filter)) return null;
  return JSON.stringify([
    organisation.id,
    organisation.timezone,
    selection.start ?? null,
    selection.end ?? null,
    selection.show ?? null,
    selection.filter ?? null,
    selection.hireEndsFrom?.getTime() ?? null,
    selection.hireEndsTo?.getTime() ?? null,
    orderBy,
    zonedDate(new Date(), organisation.timezone),
  ]);
}

/** The sorts on what every batch of records changes. */
const LIVE_ORDER = /"lastSeenAt"|"hourMeter"/;

/** A selection is built once for all the requests that ask the same until the fleet changes. */
export interface Skeleton {
  selected: [string, string, string, string, string][];
  hires: Hire[];
  spans: RangeSpan[];
  activitySpans: RangeSpan[];
  activityOf: (number | number[])[];
  partsOf: Map<number, string[]>;
  contracts: Map<
    number,
    { available: number; spans: number[]; parts: { key: string; hire: Hire; day: string }[] }
  >;
  params: SqlParam[];
  range: RangeDays;
  /** When it stops being right though nothing was written: a hire starts or ends. */
  validUntilMs: number;
}

/**
 * When the next hire of the organisation's fleet starts or ends (Infinity when none will): which
 * machines are on hire, and what a customer sees of them, changes then though nothing is written.
 */
export async function nextHireBoundary(db: Queryable, organisationId: string): Promise<number> {
  const [row] = await db.query<{ next: Date | null }>(
    `SELECT min(t) AS next FROM (
       SELECT h.starts_at AS t FROM hire h JOIN machine m ON m.id = h.machine_id
        WHERE (m.organisation_id = $1 OR h.customer_organisation_id = $1) AND h.starts_at > now()
       UNION ALL
       SELECT h.ends_at FROM hire h JOIN machine m ON m.id = h.machine_id
        WHERE (m.organisation_id = $1 OR h.customer_organisation_id = $1) AND h.ends_at > now()) b`,
    [organisationId],
  );
  return row?.next?.getTime() ?? Infinity;
}

// eslint-disable-next-line max-lines-per-function -- One query built from the list's filters, sort and page: its SQL reads best whole.
async function selectFleet(
  db: Queryable,
  organisation: ViewingOrganisation,
  selection: MachineSelection,
  orderBy: string | null,
): Promise<Skeleton> {
  const { params, where, fromDay, toDay } = selectMachines(organisation, selection);
  const today = zonedDate(new Date(), organisation.timezone);

  // Every selected machine in the database's order, as one packed text (PGlite is slow to hand
  // over many rows), and the hires that overlap the range.
  const [[selectedRow], hireRow, boundaryMs] = await Promise.all([
    db.query<{ packed: string | null }>(
      `${MACHINE_ROWS}
       SELECT string_agg(id::text || '${FIELD}' || owned::int || '${FIELD}' || ("hiredStatus" = 'ON_HIRE')::int
                         || '${FIELD}' || ${text('category')} || '${FIELD}' || ${text('type')},
                         '${LINE}' ${orderBy ? `ORDER BY ${orderBy}` : ''}) AS packed
         FROM rows ${where}`,
      params,
    ),
    db.query<{ packed: string | null }>(
      `SELECT string_agg(h.machine_id::text || '|' || (m.organisation_id = $1)::int || '|' ||
                         (h.customer_organisation_id IS NOT DISTINCT FROM $1)::int || '|' ||
                         local.starts::date::text || '|' || coalesce(local.last::date::text, '') ||
                         '|' || h.working_hours_per_day || '|' || h.id || '|' ||
                         -- Whether the hire starts or ends during a day rather than at its midnight.
                         (local.starts <> local.starts::date)::int || '|' ||
                         coalesce((local.last + interval '1 microsecond'
                                   <> (local.last + interval '1 microsecond')::date)::int, 0)
                         || '|' || mo.timezone || '|' || (extract(epoch FROM h.starts_at) * 1000)::bigint
                         || '|' || coalesce((extract(epoch FROM h.ends_at) * 1000)::bigint::text, '')
                         -- The shift whose hours a part day's contract falls in: the hire site's, else the owner's default.
                         || '|' || coalesce(coalesce(hire_site.shift_id, default_shift.id)::text, ''),
                         E'\\n') AS packed
         FROM hire h JOIN machine m ON m.id = h.machine_id JOIN organisation mo ON mo.id = m.organisation_id
         LEFT JOIN site hire_site ON hire_site.id = h.site_id
         LEFT JOIN shift default_shift ON default_shift.organisation_id = m.organisation_id AND default_shift.is_default
         -- Each instant turned into the owner's wall clock once: PGlite's zone conversions are slow.
         CROSS JOIN LATERAL (
           SELECT h.starts_at AT TIME ZONE mo.timezone AS starts,
                  (h.ends_at - interval '1 microsecond') AT TIME ZONE mo.timezone AS last
         ) local
        WHERE (m.organisation_id = $1 OR h.customer_organisation_id = $1)
          AND coalesce(h.ends_at, 'infinity') > coalesce($2::timestamptz, '-infinity')
          AND h.starts_at < coalesce($3::timestamptz, 'infinity')`,
      [organisation.id, params[1] ?? null, params[2] ?? null],
    ),
    nextHireBoundary(db, organisation.id),
  ]);
  const lines = selectedRow?.packed ? selectedRow.packed.split(LINE) : [];
  const selected = lines.map(
    (line) => line.split(FIELD) as [string, string, string, string, string],
  );
  // Each selected machine's position; its spans' positions in `spans` follow.
  const positionOf = new Map<string, number>();
  selected.forEach(([id], position) => positionOf.set(id, position));
  const hires: Hire[] = (hireRow[0]?.packed?.split('\n') ?? []).flatMap((line) => {
    const [
      machineId = '',
      owned,
      mine,
      from = '',
      to = '',
      hours,
      id = '',
      partStart,
      partEnd,
      zone = '',
      startsMs = '',
      endsMs = '',
      shiftId = '',
    ] = line.split('|');
    const position = positionOf.get(machineId);
    if (position === undefined) return [];
    return [
      {
        id,
        position,
        owned: owned === '1',
        mine: mine === '1',
        fromDay: from,
        toDay: to || null,
        partStart: partStart === '1',
        partEnd: partEnd === '1',
        hoursPerDay: Number(hours),
        timeZone: zone,
        window: { fromMs: Number(startsMs), toMs: endsMs ? Number(endsMs) : Infinity },
        shiftId: shiftId || null,
      },
    ];
  });

  // What to sum: an owned machine's whole range; a hired one's days within the caller's hires;
  // and each hire's days for rental utilisation (never past today). Activity spans come first,
  // the rental ones after.
  const spans: RangeSpan[] = [];
  const activityOf: (number | number[])[] = selected.map(([id, owned]) =>
    owned === '1' ? spans.push({ machineId: id, fromDay, toDay }) - 1 : [],
  );
  // A customer's hire: its whole days as a span, the days it starts or ends during apart.
  const partsOf = new Map<number, string[]>();
  const partKey = (hire: Hire, day: string) => `${hire.id}|${day}`;
  for (const hire of hires) {
    if (hire.owned || !hire.mine) continue;
    const { whole, partDays } = hireDays(hire, fromDay, toDay);
    const machineId = (selected[hire.position] as string[])[0] as string;
    if (whole) {
      (activityOf[hire.position] as number[]).push(
        spans.push({ machineId, fromDay: whole.fromDay, toDay: whole.toDay }) - 1,
      );
    }
    if (partDays.length > 0) {
      partsOf.set(hire.position, [
        ...(partsOf.get(hire.position) ?? []),
        ...partDays.map((day) => partKey(hire, day)),
      ]);
    }
  }
  const activitySpans = spans.slice();
  // Hires mostly share their days: count each span's weekdays once.
  const weekdayCounts = new Map<string, number>();
  const weekdays = (from: string, to: string) => {
    const key = `${from}/${to}`;
    let count = weekdayCounts.get(key);
    if (count === undefined) weekdayCounts.set(key, (count = weekdaysBetween(from, to)));
    return count;
  };
  const contracts = new Map<
    number,
    { available: number; spans: number[]; parts: { key: string; hire: Hire; day: string }[] }
  >();
  for (const hire of hires) {
    // An owner measures every hire of its machines; a customer its own.
    if (!hire.owned && !hire.mine) continue;
    const { whole, partDays } = hireDays(hire, fromDay, earlierOf(toDay, today));
    if (!whole && partDays.length === 0) continue;
    const machineId = (selected[hire.position] as string[])[0] as string;
    let contract = contracts.get(hire.position);
    if (!contract)
      contracts.set(hire.position, (contract = { available: 0, spans: [], parts: [] }));
    if (whole) {
      const to = earlierOf(whole.toDay, today) as string;
      contract.available += weekdays(whole.fromDay, to) * hire.hoursPerDay * 3600;
      contract.spans.push(spans.push({ machineId, fromDay: whole.fromDay, toDay: to }) - 1);
    }
    for (const day of partDays) contract.parts.push({ key: partKey(hire, day), hire, day });
  }
  return {
    selected,
    hires,
    spans,
    activitySpans,
    activityOf,
    partsOf,
    contracts,
    params,
    range: { fromDay, toDay, today },
    validUntilMs: boundaryMs,
  };
}

/** A selection's machines with their sums: what each request does, a few additions per machine. */
async function measureSkeleton(model: ReadModel, skeleton: Skeleton): Promise<MeasuredFleet> {
  const { selected, hires, spans, activitySpans, activityOf, partsOf, contracts, params, range } =
    skeleton;
  // Each machine's activity end and hire part days come from the read model with its sums.
  const facts = await model.rollups.factsOf(selected.map(([id]) => id));
  const sums = await model.rollups.sumSpans(spans);
  const shifts = await shiftDaysOf(
    model.db,
    [...contracts.values()].flatMap(({ parts }) => parts.flatMap(({ hire }) => hire.shiftId ?? [])),
  );
  // What the caller sees of each machine: an owned one always, a hired one during its hires.
  const ALWAYS: TimeWindow[] = [{ fromMs: -Infinity, toMs: Infinity }];
  const windowsOf = new Map<number, TimeWindow[]>();
  for (const hire of hires)
    if (!hire.owned && hire.mine)
      windowsOf.set(hire.position, [...(windowsOf.get(hire.position) ?? []), hire.window]);
  const rangeFromMs = (params[1] as Date | null)?.getTime() ?? -Infinity;
  const rangeToMs = Math.min((params[2] as Date | null)?.getTime() ?? Infinity, Date.now());

  // Machines that began reporting on the same day have the same hours available.
  const availableByFirstDay = new Map<string | null, number>();
  const machines = selected.map(
    ([id, owned, onHire, category, type], position): MeasuredMachine => {
      const activity = activityOf[position] as number | number[];
      // An owned machine's range is one span: its sums as they are; a hired one adds its hires.
      let total: RollupSums;
      if (typeof activity === 'number') total = sums[activity] as RollupSums;
      else {
        total = emptySums();
        for (const index of activity) addInto(total, sums[index] as RollupSums);
        for (const key of partsOf.get(position) ?? []) {
          const part = facts[position]?.hireParts.get(key);
          if (part) addInto(total, part.sums);
        }
      }
      const end = facts[position]?.activityEndMs;
      if (end !== undefined) {
        const windows = owned === '1' ? ALWAYS : (windowsOf.get(position) ?? []);
        const silent = silentSeconds(end, rangeFromMs, rangeToMs, windows);
        if (silent > 0) total = withMissing(total, silent);
      }
      let available = availableByFirstDay.get(total.firstDay);
      if (available === undefined) {
        available = availableSeconds(total.firstDay, range);
        availableByFirstDay.set(total.firstDay, available);
      }
      const contract = contracts.get(position);
      let rental: RentalParts | undefined;
      if (contract) {
        rental = { active: 0, available: contract.available };
        for (const index of contract.spans) {
          rental.active += (sums[index] as RollupSums).sums[COLUMN.active_s] as number;
        }
        for (const { key, hire, day } of contract.parts) {
          const part = facts[position]?.hireParts.get(key);
          if (!part) continue;
          rental.active += part.sums.sums[COLUMN.active_s] as number;
          rental.available += partDayAvailableS(
            day,
            part,
            hire.hoursPerDay,
            hire.timeZone,
            hire.shiftId === null ? undefined : shifts.get(hire.shiftId),
          );
        }
      }
      return {
        id,
        owned: owned === '1',
        onHire: onHire === '1',
        category: category || null,
        type: type || null,
        total,
        rental,
        available,
      };
    },
  );
  return { machines, activitySpans, range, rowParams: params.slice(0, 3) };
}
