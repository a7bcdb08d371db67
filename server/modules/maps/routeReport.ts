// GET /v1/portal/maps/routes/report: the selected machines' trips, stops and work cycles over a
// range, as one of five CSV tables (docs/api.md, "Route report"). Each machine's route and cycles
// are the ones the routes screen shows, so a download agrees with the screen.
import {
  MAX_ROUTE_DAYS,
  type RouteReply,
  type RouteTrip,
} from '../../../src/domain/api/mapRoutes.ts';
import {
  ROUTE_REPORT_FILTER_GROUPS,
  ROUTE_REPORT_OPTIONS,
  type RouteReportOption,
  type RouteReportQuery,
  type RouteReportType,
} from '../../../src/domain/api/routeReport.ts';
import type { CyclePlace, CycleRoute, WorkCycle } from '../../../src/domain/api/workCycles.ts';
import { decodeFilter, encodeFilter } from '../../../src/domain/filterQuery.ts';
import { addDays, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, HttpError } from '../../httpError.ts';
import { filterWithPairs } from '../filters/index.ts';
import { MACHINE_ROWS, selectMachines, type MachineSelection } from '../../readModel/selection.ts';
import { documentCsv } from '../../documents/csv.ts';
import { documentXlsx } from '../../documents/xlsx.ts';
import { CONTENT_TYPES } from '../../documents/contentTypes.ts';
import { wallClockOf } from '../../documents/wallClock.ts';
import { section, type ReportSection } from '../../documents/document.ts';
import type { ReportColumn } from '../../documents/table.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { cycleRoutes, machineCycles } from './cycles.ts';
import { machineRoute } from './route.ts';

/** Each machine's route is read and worked out on request: beyond this, narrow the selection. */
export const MAX_REPORT_MACHINES = 2_000;

export interface MachineRoute {
  route: RouteReply;
  cycles: WorkCycle[];
  routes: CycleRoute[];
}

const place = (p: CyclePlace) => p.name ?? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;
const minutes = (seconds: number | null) => (seconds === null ? null : seconds / 60);
const hours = (ms: number) => ms / 3_600_000;
const km = (metres: number) => metres / 1000;
const durationMs = (from: string, to: string) => Date.parse(to) - Date.parse(from);

/** Each table's title, as a report's section names it. */
export const ROUTE_TABLE_TITLES: Record<RouteReportType, string> = {
  SUMMARY_ROUTE: 'Routes per machine',
  DETAIL_ROUTE: 'Trips',
  WORK_CYCLES_KPI: 'Work cycle routes per machine',
  WORK_CYCLES_KPI_DETAIL: 'Work cycles',
  WORK_CYCLES_ROUTES: 'Work cycle routes of the fleet',
};

const who = <Row extends { m: MachineRoute }>(): ReportColumn<Row>[] => [
  { heading: 'Machine', value: (r) => r.m.route.name },
  { heading: 'Asset ID', value: (r) => r.m.route.assetId },
];

/** Each trip of every machine, with its start and end as coordinates when asked. */
function tripTable(
  trips: { m: MachineRoute; t: RouteTrip }[],
  coordinates: boolean,
  localTime: (iso: string) => string,
): ReportSection {
  return section<{ m: MachineRoute; t: RouteTrip }>(
    ROUTE_TABLE_TITLES.DETAIL_ROUTE,
    [
      ...who(),
      { heading: 'Start', value: (r) => localTime(r.t.startTime) },
      { heading: 'End', value: (r) => localTime(r.t.endTime) },
      {
        heading: 'Duration (min)',
        decimals: 1,
        value: (r) => durationMs(r.t.startTime, r.t.endTime) / 60_000,
      },
      { heading: 'From site', value: (r) => r.t.geofenceStartName },
      { heading: 'To site', value: (r) => r.t.geofenceEndName },
      { heading: 'Ends outside sites', value: (r) => (r.t.outOfScope ? 'yes' : 'no') },
      { heading: 'Distance (km)', decimals: 2, value: (r) => km(r.t.distanceM) },
      ...(coordinates
        ? (
            [
              ['Start latitude', (t) => t.locations[0]?.latitude],
              ['Start longitude', (t) => t.locations[0]?.longitude],
              ['End latitude', (t) => t.locations.at(-1)?.latitude],
              ['End longitude', (t) => t.locations.at(-1)?.longitude],
            ] as [string, (t: RouteTrip) => number | undefined][]
          ).map(([heading, read]) => ({
            heading,
            decimals: 6,
            value: (r: { t: RouteTrip }) => read(r.t) ?? null,
          }))
        : []),
    ],
    trips,
  );
}

/** The fleet's routes: every machine's cycles grouped by their places together. */
function fleetCycleRoutes(
  machines: MachineRoute[],
  cycles: { c: WorkCycle }[],
  placeColumns: (of: (r: { k: CycleRoute }) => CycleRoute) => ReportColumn<{ k: CycleRoute }>[],
): ReportSection {
  const fleet = cycleRoutes(cycles.map(({ c }) => c));
  const machinesOn = (k: CycleRoute) =>
    machines.filter((m) =>
      m.routes.some(
        (own) =>
          place(own.loadingPlace) === place(k.loadingPlace) &&
          place(own.dumpingPlace) === place(k.dumpingPlace),
      ),
    ).length;
  return section<{ k: CycleRoute }>(
    ROUTE_TABLE_TITLES.WORK_CYCLES_ROUTES,
    [
      ...placeColumns((r) => r.k),
      { heading: 'Machines', decimals: 0, value: (r) => machinesOn(r.k) },
      { heading: 'Cycles', decimals: 0, value: (r) => r.k.cycles },
      { heading: 'Mean cycle (min)', decimals: 1, value: (r) => minutes(r.k.meanDurationS) },
      { heading: 'Mean distance (km)', decimals: 2, value: (r) => km(r.k.meanDistanceM) },
      {
        heading: 'Payload (t)',
        decimals: 1,
        // Machines without a load capacity carry an unknown load: the sum is of the others.
        value: (r) => {
          const known = cycles.filter(
            ({ c }) =>
              c.payloadT !== null &&
              place(c.loadingPlace) === place(r.k.loadingPlace) &&
              place(c.dumpingPlace) === place(r.k.dumpingPlace),
          );
          return known.length ? known.reduce((s, { c }) => s + (c.payloadT ?? 0), 0) : null;
        },
      },
    ],
    fleet.map((k) => ({ k })),
  );
}

export function routeTables(
  machines: MachineRoute[],
  options: Set<RouteReportOption>,
  localTime: (iso: string) => string,
): Record<RouteReportType, () => ReportSection> {
  const coordinates = options.has('coordinates');
  const trips = machines.flatMap((m) => m.route.trips.map((t) => ({ m, t })));
  const cycles = machines.flatMap((m) => m.cycles.map((c) => ({ m, c })));
  const placeColumns = <Row>(of: (r: Row) => WorkCycle | CycleRoute): ReportColumn<Row>[] => [
    { heading: 'Loading place', value: (r) => place(of(r).loadingPlace) },
    { heading: 'Dumping place', value: (r) => place(of(r).dumpingPlace) },
    ...(coordinates
      ? (
          [
            ['Loading latitude', (p) => p.loadingPlace.latitude],
            ['Loading longitude', (p) => p.loadingPlace.longitude],
            ['Dumping latitude', (p) => p.dumpingPlace.latitude],
            ['Dumping longitude', (p) => p.dumpingPlace.longitude],
          ] as [string, (p: WorkCycle | CycleRoute) => number][]
        ).map(([heading, read]) => ({
          heading,
          decimals: 6,
          value: (r: Row) => read(of(r)),
        }))
      : []),
  ];
  return {
    SUMMARY_ROUTE: () =>
      section<{ m: MachineRoute }>(
        ROUTE_TABLE_TITLES.SUMMARY_ROUTE,
        [
          ...who(),
          { heading: 'Trips', decimals: 0, value: (r) => r.m.route.trips.length },
          {
            heading: 'Distance (km)',
            decimals: 2,
            value: (r) => km(r.m.route.trips.reduce((sum, t) => sum + t.distanceM, 0)),
          },
          {
            heading: 'Driving (h)',
            decimals: 2,
            value: (r) =>
              hours(r.m.route.trips.reduce((s, t) => s + durationMs(t.startTime, t.endTime), 0)),
          },
          { heading: 'Stops', decimals: 0, value: (r) => r.m.route.stops.length },
          {
            heading: 'Stops outside sites',
            decimals: 0,
            value: (r) => r.m.route.stops.filter((s) => s.outOfScope).length,
          },
          { heading: 'Work cycles', decimals: 0, value: (r) => r.m.cycles.length },
          {
            heading: 'First position',
            value: (r) => (r.m.route.locations[0] ? localTime(r.m.route.locations[0].time) : null),
          },
          {
            heading: 'Last position',
            value: (r) =>
              r.m.route.latestLocation ? localTime(r.m.route.latestLocation.time) : null,
          },
        ],
        machines.map((m) => ({ m })),
      ),
    DETAIL_ROUTE: () => tripTable(trips, coordinates, localTime),
    WORK_CYCLES_KPI: () =>
      section<{ m: MachineRoute; k: CycleRoute }>(
        ROUTE_TABLE_TITLES.WORK_CYCLES_KPI,
        [
          ...who(),
          ...placeColumns<{ k: CycleRoute }>((r) => r.k),
          { heading: 'Cycles', decimals: 0, value: (r) => r.k.cycles },
          { heading: 'Mean cycle (min)', decimals: 1, value: (r) => minutes(r.k.meanDurationS) },
          { heading: 'Shortest cycle (min)', decimals: 1, value: (r) => minutes(r.k.minDurationS) },
          { heading: 'Longest cycle (min)', decimals: 1, value: (r) => minutes(r.k.maxDurationS) },
          { heading: 'Mean distance (km)', decimals: 2, value: (r) => km(r.k.meanDistanceM) },
          { heading: 'Payload (t)', decimals: 1, value: (r) => r.k.payloadT },
        ],
        machines.flatMap((m) => m.routes.map((k) => ({ m, k }))),
      ),
    WORK_CYCLES_KPI_DETAIL: () =>
      section<{ m: MachineRoute; c: WorkCycle }>(
        ROUTE_TABLE_TITLES.WORK_CYCLES_KPI_DETAIL,
        [
          ...who(),
          { heading: 'Start', value: (r) => localTime(r.c.startTime) },
          { heading: 'End', value: (r) => localTime(r.c.endTime) },
          ...placeColumns<{ c: WorkCycle }>((r) => r.c),
          { heading: 'Loading (min)', decimals: 1, value: (r) => minutes(r.c.loadingS) },
          { heading: 'Haul (min)', decimals: 1, value: (r) => minutes(r.c.haulS) },
          { heading: 'Dumping (min)', decimals: 1, value: (r) => minutes(r.c.dumpingS) },
          { heading: 'Return (min)', decimals: 1, value: (r) => minutes(r.c.returnS) },
          { heading: 'Cycle (min)', decimals: 1, value: (r) => minutes(r.c.durationS) },
          { heading: 'Distance (km)', decimals: 2, value: (r) => km(r.c.distanceM) },
          { heading: 'Payload (t)', decimals: 1, value: (r) => r.c.payloadT },
        ],
        cycles,
      ),
    WORK_CYCLES_ROUTES: () => fleetCycleRoutes(machines, cycles, placeColumns),
  };
}

export async function routeReport(
  db: Queryable,
  organisation: Organisation,
  query: RouteReportQuery,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const type = query.type ?? 'WORK_CYCLES_ROUTES';
  const options = (query.options ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  const unknown = options.filter((o) => !(ROUTE_REPORT_OPTIONS as readonly string[]).includes(o));
  if (unknown.length > 0) throw badRequest('options', `unknown options: ${unknown.join(', ')}`);
  const today = zonedDate(new Date(), organisation.timezone);
  const start = query.start ?? today;
  const end = query.end ?? today;
  if (end < start) throw badRequest('end', 'end must not be before start');
  if (addDays(start, MAX_ROUTE_DAYS - 1) < end) {
    throw badRequest('end', `at most ${MAX_ROUTE_DAYS} days at a time`);
  }
  let filter = filterWithPairs(query, ROUTE_REPORT_FILTER_GROUPS);
  if (query.site) filter = encodeFilter({ ...decodeFilter(filter ?? ''), site: [query.site] });

  const machines = await routesOfMachines(
    db,
    organisation,
    { start, end, show: query.show, filter },
    { signal },
  );
  const document = {
    title: ROUTE_TABLE_TITLES[type],
    subtitle: [organisation.name, `${start} to ${end}`],
    sections: [
      routeTables(machines, new Set(options as RouteReportOption[]), localTimeIn(organisation))[
        type
      ](),
    ],
  };
  const format = query.format ?? 'csv';
  const fileName = `routes-${type.toLowerCase()}-${start}-${end}.${format}`;
  return format === 'xlsx'
    ? {
        bytes: await documentXlsx(document, organisation.name),
        contentType: CONTENT_TYPES.xlsx,
        fileName,
      }
    : {
        // The CSV is the one table, as before: its first line is the headings.
        bytes: Buffer.from(documentCsv({ ...document, subtitle: [] }), 'utf8'),
        contentType: CONTENT_TYPES.csv,
        fileName,
      };
}

/** An instant as the organisation's wall clock: yyyy-MM-dd HH:mm. */
export const localTimeIn =
  ({ timezone }: Pick<Organisation, 'timezone'>) =>
  (iso: string) =>
    wallClockOf(iso, timezone);

/**
 * The selected machines' routes and work cycles over whole days, as the routes screen shows them;
 * `progress` hears of each machine done. Refused beyond MAX_REPORT_MACHINES machines.
 */
export async function routesOfMachines(
  db: Queryable,
  organisation: Organisation,
  selection: MachineSelection & { start: string; end: string },
  {
    signal,
    progress,
  }: { signal?: AbortSignal; progress?: (done: number, total: number) => Promise<void> } = {},
): Promise<MachineRoute[]> {
  const { start, end } = selection;
  const { params, where } = selectMachines(organisation, selection);
  const selected = await db.query<{ id: string }>(
    `${MACHINE_ROWS} SELECT id FROM rows ${where} ORDER BY lower(name), id LIMIT ${MAX_REPORT_MACHINES + 1}`,
    params,
  );
  if (selected.length > MAX_REPORT_MACHINES) {
    throw badRequest('filter', `More than ${MAX_REPORT_MACHINES} machines: narrow the filters`);
  }
  const machines: MachineRoute[] = [];
  for (const [index, { id }] of selected.entries()) {
    // A client that went away gets nothing: stop rather than compute every machine's route.
    signal?.throwIfAborted();
    await progress?.(index, selected.length);
    let route: RouteReply;
    try {
      route = await machineRoute(db, organisation.id, { machineID: id, start, end });
    } catch (error) {
      // A hired machine outside its hire in this range has no route for the customer.
      if (error instanceof HttpError && error.statusCode === 404) continue;
      throw error;
    }
    const { cycles, routes } = await machineCycles(db, organisation.id, id, {}, route);
    machines.push({ route, cycles, routes });
  }
  await progress?.(selected.length, selected.length);
  return machines;
}
