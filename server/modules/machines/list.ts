// GET /v1/portal/machines/list: the database selects and orders the machines (search, filters,
// descriptor sorts); their activity over the range is summed from the rollup cache, so that a
// fleet of 10,000 machines answers quickly; then the metrics, the metric sorts, the page and the
// fleet's summary. Only the page's rows are read in full.
import type {
  MachineListQuery,
  MachineListReply,
  MachineRow,
  MachineSortKey,
} from '../../../src/domain/api/machines.ts';
import { TELEMATICS_SOURCE_TYPES, type HireStatus } from '../../../src/domain/constants.ts';
import { zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import {
  activitySummary,
  availableSeconds,
  ratio,
  type ActivityColumns,
  type RangeDays,
} from './metrics.ts';
import {
  addInto,
  emptySums,
  rollupCacheFor,
  SUM_COLUMNS,
  type RangeSpan,
  type RollupSums,
} from './rollupCache.ts';
import {
  MACHINE_ROWS,
  machineRows,
  selectMachines,
  SORT_EXPRESSIONS,
  type MachineSelection,
} from './service.ts';
import type { Organisation } from '../orgs/service.ts';
import { weekdaysBetween } from './workingDays.ts';

type RowFromDb = Omit<
  MachineRow,
  | 'archived'
  | 'activitySummary'
  | 'sources'
  | 'hasActivity'
  | 'isLearning'
  | 'lastSeenAt'
  | 'operator'
  | 'location'
>;
interface PageRow extends RowFromDb {
  archived: Date | null;
  lastSeenAt: Date | null;
  sources: MachineRow['sources'];
}

interface Selected {
  id: string;
  owned: boolean;
  onHire: boolean;
}

interface Hire {
  machineId: string;
  owned: boolean;
  /** The caller is this hire's customer. */
  mine: boolean;
  fromDay: string;
  toDay: string | null;
  hoursPerDay: number;
}

const OEM_SOURCE = `s.type NOT IN (${TELEMATICS_SOURCE_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** Metric sorts: the value a machine sorts by, in the metric's order (null sorts last). */
const METRIC_SORTS: Partial<Record<MachineSortKey, (c: ActivityColumns) => number | null>> = {
  outOfHours: (c) => c.out_of_hours_s,
  activeHours: (c) => c.active_s,
  idleHours: (c) => c.idle_s,
  offHours: (c) => c.off_s,
  totalHours: (c) => (c.active_s === null ? null : c.active_s + (c.idle_s ?? 0)),
  idlePercentage: (c) => ratio(c.idle_s, (c.active_s ?? 0) + (c.idle_s ?? 0)),
  rentalUtilisation: (c) => ratio(c.rental_active_s, c.rental_available_s),
  fuelUtilisation: (c) => c.fuel_l,
  emissionsUtilisation: (c) => c.co2_kg,
  totalRefillEvents: (c) => c.refills,
  totalTheftEvents: (c) => c.thefts,
  // The screen shows, and sorts by, the share of time missing.
  missingPercentage: (c) =>
    ratio(c.missing_s, (c.active_s ?? 0) + (c.idle_s ?? 0) + (c.off_s ?? 0) + (c.missing_s ?? 0)),
};

const laterOf = (a: string, b: string | null) => (b !== null && b > a ? b : a);
const earlierOf = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : a < b ? a : b;

const COLUMN = Object.fromEntries(SUM_COLUMNS.map((c, i) => [c, i])) as Record<
  (typeof SUM_COLUMNS)[number],
  number
>;

function columnsOf(
  total: RollupSums,
  rental: { active: number; available: number } | undefined,
): ActivityColumns {
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

export async function listMachines(
  db: Queryable,
  organisation: Organisation,
  query: MachineListQuery & MachineSelection,
): Promise<MachineListReply> {
  const { params, where, fromDay, toDay } = selectMachines(organisation, query);
  const today = zonedDate(new Date(), organisation.timezone);
  const rangeDays: RangeDays = { fromDay, toDay, today };
  const direction = query.order === 'DESC' ? 'DESC' : 'ASC';
  const sortKey = query.sort ?? 'outOfHours';
  const sortExpression = SORT_EXPRESSIONS[sortKey];
  const orderBy = [
    sortExpression && `${sortExpression} ${direction} NULLS LAST`,
    'lower(name)',
    'id',
  ]
    .filter(Boolean)
    .join(', ');

  // Every selected machine in the database's order, as one packed text (PGlite is slow to hand
  // over many rows), and the hires that overlap the range.
  const [[selectedRow], hireRow] = await Promise.all([
    db.query<{ packed: string | null }>(
      `${MACHINE_ROWS}
       SELECT string_agg(id::text || '|' || owned::int || '|' || ("hiredStatus" = 'ON_HIRE')::int, E'\\n'
                         ORDER BY ${orderBy}) AS packed
         FROM rows ${where}`,
      params,
    ),
    db.query<{ packed: string | null }>(
      `SELECT string_agg(h.machine_id::text || '|' || (m.organisation_id = $1)::int || '|' ||
                         (h.customer_organisation_id IS NOT DISTINCT FROM $1)::int || '|' ||
                         (h.starts_at AT TIME ZONE mo.timezone)::date::text || '|' ||
                         coalesce(((h.ends_at - interval '1 microsecond') AT TIME ZONE mo.timezone)::date::text, '') ||
                         '|' || h.working_hours_per_day, E'\\n') AS packed
         FROM hire h JOIN machine m ON m.id = h.machine_id JOIN organisation mo ON mo.id = m.organisation_id
        WHERE (m.organisation_id = $1 OR h.customer_organisation_id = $1)
          AND coalesce(h.ends_at, 'infinity') > coalesce($2::timestamptz, '-infinity')
          AND h.starts_at < coalesce($3::timestamptz, 'infinity')`,
      [organisation.id, params[1] ?? null, params[2] ?? null],
    ),
  ]);
  const selected: Selected[] = (selectedRow?.packed?.split('\n') ?? []).map((line) => {
    const [id = '', owned, onHire] = line.split('|');
    return { id, owned: owned === '1', onHire: onHire === '1' };
  });
  const selectedIds = new Set(selected.map((m) => m.id));
  const hires: Hire[] = (hireRow[0]?.packed?.split('\n') ?? [])
    .map((line) => {
      const [machineId = '', owned, mine, from = '', to = '', hours] = line.split('|');
      return {
        machineId,
        owned: owned === '1',
        mine: mine === '1',
        fromDay: from,
        toDay: to || null,
        hoursPerDay: Number(hours),
      };
    })
    .filter((hire) => selectedIds.has(hire.machineId));

  // What to sum: an owned machine's whole range; a hired one's days within the caller's hires;
  // and each hire's days for rental utilisation (never past today).
  const spans: RangeSpan[] = [];
  // Hires mostly share their days: count each span's weekdays once.
  const weekdayCounts = new Map<string, number>();
  const weekdays = (from: string, to: string) => {
    const key = `${from}/${to}`;
    let count = weekdayCounts.get(key);
    if (count === undefined) weekdayCounts.set(key, (count = weekdaysBetween(from, to)));
    return count;
  };
  const activityKeys = new Map<string, string[]>();
  const rental = new Map<string, { active: number; available: number; keys: string[] }>();
  for (const machine of selected) {
    if (machine.owned) {
      spans.push({ key: machine.id, machineId: machine.id, fromDay, toDay });
      activityKeys.set(machine.id, [machine.id]);
    } else activityKeys.set(machine.id, []);
  }
  hires.forEach((hire, i) => {
    const from = laterOf(hire.fromDay, fromDay);
    if (!hire.owned && hire.mine) {
      const to = earlierOf(hire.toDay, toDay);
      if (to === null || from <= to) {
        const key = `a${i}`;
        spans.push({ key, machineId: hire.machineId, fromDay: from, toDay: to });
        activityKeys.get(hire.machineId)?.push(key);
      }
    }
    // An owner measures every hire of its machines; a customer its own.
    if (hire.owned || hire.mine) {
      const to = earlierOf(earlierOf(hire.toDay, toDay), today) as string;
      if (from > to) return;
      const key = `r${i}`;
      spans.push({ key, machineId: hire.machineId, fromDay: from, toDay: to });
      const entry = rental.get(hire.machineId) ?? { active: 0, available: 0, keys: [] };
      entry.available += weekdays(from, to) * hire.hoursPerDay * 3600;
      entry.keys.push(key);
      rental.set(hire.machineId, entry);
    }
  });
  const sums = await rollupCacheFor(db).sumSpans(spans);
  const activeOf = (key: string) => sums.get(key)?.sums[COLUMN.active_s] ?? 0;

  // Machines that began reporting on the same day have the same hours available.
  const availableByFirstDay = new Map<string | null, number>();
  const fleetSums = emptySums();
  const fleetRental = { active: 0, available: 0 };
  let fleetAvailableS = 0;
  let withActivity = 0;
  const measured = new Map<string, { columns: ActivityColumns; available: number }>();
  const hasActivity = new Map<string, boolean>();
  for (const machine of selected) {
    const keys = activityKeys.get(machine.id) ?? [];
    // An owned machine's range is one span: its sums as they are; a hired one adds its hires.
    let total = keys.length === 1 ? sums.get(keys[0] as string) : undefined;
    if (!total) {
      total = emptySums();
      for (const key of keys) addInto(total, sums.get(key) ?? emptySums());
    }
    const contract = rental.get(machine.id);
    const contractParts = contract
      ? {
          active: contract.keys.reduce((sum, key) => sum + activeOf(key), 0),
          available: contract.available,
        }
      : undefined;
    let available = availableByFirstDay.get(total.firstDay);
    if (available === undefined) {
      available = availableSeconds(total.firstDay, rangeDays);
      availableByFirstDay.set(total.firstDay, available);
    }
    // The metrics of a machine off the page are never sent: only its sort value is needed.
    measured.set(machine.id, { columns: columnsOf(total, contractParts), available });
    hasActivity.set(machine.id, total.days > 0);
    if (total.days > 0) withActivity++;
    addInto(fleetSums, total);
    fleetAvailableS += available;
    if (contractParts) {
      fleetRental.active += contractParts.active;
      fleetRental.available += contractParts.available;
    }
  }

  const metricSort = METRIC_SORTS[sortKey];
  const ordered = metricSort
    ? selected
        .map((machine, position) => ({
          machine,
          position,
          value: metricSort((measured.get(machine.id) as { columns: ActivityColumns }).columns),
        }))
        .sort((a, b) => {
          if (a.value === null || b.value === null) {
            return a.value === b.value ? a.position - b.position : a.value === null ? 1 : -1;
          }
          const order = direction === 'ASC' ? a.value - b.value : b.value - a.value;
          return order !== 0 ? order : a.position - b.position;
        })
        .map((entry) => entry.machine)
    : selected;
  const page =
    query.perPage !== undefined
      ? ordered.slice(((query.page ?? 1) - 1) * query.perPage, (query.page ?? 1) * query.perPage)
      : ordered;

  const rows = page.length
    ? await db.query<PageRow>(
        // Sources are read for the rows of the page only.
        `${machineRows('$4::uuid[]')}
         SELECT page.*, src.sources
           FROM rows page
           LEFT JOIN LATERAL (
             SELECT coalesce(json_agg(json_build_object('type', s.type, 'code', s.code, 'shortCode', s.short_code,
                                                        'hours', oem.hours) ORDER BY s.code), '[]'::json) AS sources
               FROM source s
               -- An OEM feed's source carries the machine's hours as the OEM last reported them.
               LEFT JOIN LATERAL (
                 SELECT r.operating_hours_h AS hours FROM telemetry_record r
                  WHERE r.source_id = s.id AND r.operating_hours_h IS NOT NULL AND ${OEM_SOURCE}
                  ORDER BY r.device_time DESC LIMIT 1
               ) oem ON true
              WHERE s.machine_id = page.id
           ) src ON true`,
        // The rows' own three parameters and the page: the selection's filters are not in it.
        [...params.slice(0, 3), page.map((m) => m.id)],
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const summaryOf = (id: string) => {
    const { columns, available } = measured.get(id) as {
      columns: ActivityColumns;
      available: number;
    };
    return activitySummary(columns, available);
  };

  const machines: MachineRow[] = page.flatMap(({ id }) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        assetID: row.assetID,
        sources: row.sources,
        hasActivity: hasActivity.get(id) ?? false,
        isLearning: false,
        lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
        imageUrl: row.imageUrl,
        type: row.type,
        category: row.category,
        hiredStatus: row.hiredStatus as HireStatus,
        customer: row.customer,
        site: row.site,
        oem: row.oem,
        group: row.group,
        manufacturingYear: row.manufacturingYear,
        ownershipType: row.ownershipType,
        owner: row.owner,
        note: row.note,
        contractNumber: row.contractNumber,
        hourMeter: row.hourMeter,
        archived: row.archived?.toISOString() ?? null,
        breakdown: row.breakdown,
        operator: null,
        location: null,
        activitySummary: summaryOf(id),
      },
    ];
  });

  const fleet = columnsOf(fleetSums, rental.size > 0 ? fleetRental : undefined);
  return {
    machines,
    total: selected.length,
    summary: {
      numberOfMachines: { value: selected.length },
      onHire: { value: selected.filter((m) => m.onHire).length },
      withActivity: { value: withActivity },
      ...activitySummary(fleet, fleetAvailableS),
    },
  };
}
