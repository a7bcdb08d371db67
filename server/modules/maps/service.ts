// The fleet map: each visible machine's latest usable position (kept per source by the ingest)
// and its state now (its latest activity segment, unless the machine has gone quiet since). A
// customer sees a hired machine's place and state only from within its hire. `countries` keeps the
// machines placed in those countries.
import {
  MAP_STATES,
  type MapMachine,
  type MapState,
  type MapsQuery,
  type MapsSummaryReply,
} from '../../../src/domain/api/maps.ts';
import type { MACHINE_SHOW } from '../../../src/domain/api/machines.ts';
import type { HireStatus } from '../../../src/domain/constants.ts';
import type { Queryable } from '../../db/database.ts';
import type { Organisation } from '../../tenancy/organisation.ts';
import { badRequest } from '../../httpError.ts';
import { MACHINE_ROWS, selectMachines } from '../../readModel/selection.ts';
import { nextHireBoundary } from '../../readModel/fleet.ts';
import { countryAt, parseCountries } from './countries.ts';

/** A state holds this many expected reporting intervals after its last record (docs/activity.md). */
const QUIET_INTERVALS = 3;

interface MapRow {
  id: string;
  name: string;
  assetID: string | null;
  category: string | null;
  type: string | null;
  site: string | null;
  customer: string | null;
  hiredStatus: HireStatus;
  breakdown: boolean;
  owned: boolean;
  hire_starts_at: Date | null;
  hire_ends_at: Date | null;
  latitude: number | null;
  longitude: number | null;
  position_at: Date | null;
  state: Exclude<MapState, 'unknown'> | null;
  state_from: Date | null;
  state_to: Date | null;
  running_interval_s: number | null;
  off_interval_s: number | null;
  lastSeenAt: Date | null;
}

/** Whether a hired machine's moment lies within the caller's hire (an owner sees all of it). */
const visibleAt = (row: MapRow, at: Date) =>
  row.owned ||
  ((row.hire_starts_at === null || at >= row.hire_starts_at) &&
    (row.hire_ends_at === null || at < row.hire_ends_at));

/** When the machine's state goes quiet and shows as missing; null when the clock changes nothing. */
function quietFromMs(row: MapRow): number | null {
  if (row.breakdown || !row.state || row.state === 'missing' || !row.state_to) return null;
  const intervalS =
    row.state === 'active' || row.state === 'idle'
      ? (row.running_interval_s ?? 300)
      : (row.off_interval_s ?? 3600);
  return row.state_to.getTime() + QUIET_INTERVALS * intervalS * 1000;
}

function stateOf(row: MapRow, nowMs: number): MapState {
  if (row.breakdown) return 'brokendown';
  if (!row.state || !row.state_to || !visibleAt(row, row.state_to)) return 'unknown';
  const quietMs = quietFromMs(row);
  return quietMs !== null && nowMs > quietMs ? 'missing' : row.state;
}

function toMapMachine(row: MapRow, nowMs: number): MapMachine {
  const located =
    row.latitude !== null &&
    row.longitude !== null &&
    row.position_at !== null &&
    visibleAt(row, row.position_at);
  return {
    id: row.id,
    name: row.name,
    assetId: row.assetID,
    category: row.category,
    type: row.type,
    site: row.site,
    customer: row.customer,
    hiredStatus: row.hiredStatus,
    state: stateOf(row, nowMs),
    stateSince: row.state_from?.toISOString() ?? null,
    location: located
      ? {
          latitude: row.latitude as number,
          longitude: row.longitude as number,
          lastUpdated: (row.position_at as Date).toISOString(),
        }
      : null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

/**
 * The selected machines on the map; with `changedSince`, only those whose place, state or last
 * report moved after it.
 */
export async function mapMachines(
  db: Queryable,
  organisation: Organisation,
  query: MapsQuery,
  changedSince?: Date,
): Promise<MapMachine[]> {
  return (await readMap(db, organisation, query, changedSince)).machines;
}

/**
 * The map's machines, and when they stop being right though nothing is written: the first moment
 * a shown state goes quiet, or a hire of the fleet starts or ends.
 */
export async function mapWithValidity(
  db: Queryable,
  organisation: Organisation,
  query: MapsQuery,
): Promise<{ machines: MapMachine[]; validUntilMs: number }> {
  const [read, hireBoundaryMs] = await Promise.all([
    readMap(db, organisation, query),
    nextHireBoundary(db, organisation.id),
  ]);
  return { machines: read.machines, validUntilMs: Math.min(read.firstQuietMs, hireBoundaryMs) };
}

async function readMap(
  db: Queryable,
  organisation: Organisation,
  query: MapsQuery,
  changedSince?: Date,
): Promise<{ machines: MapMachine[]; firstQuietMs: number }> {
  const { params, param, where } = selectMachines(organisation, {
    start: query.start ?? 'max',
    end: query.end ?? 'max',
    show: query.show,
    filter: query.filter,
  });
  const conditions = [where ? where.replace(/^WHERE /, '') : 'true'];
  // Up to now the map is where each machine is now: a customer's machines are those on hire to it
  // now, not every machine it ever hired (those the list counts over its own range).
  if ((query.end ?? 'max') === 'max')
    conditions.push(`(rows.owned OR rows."hiredStatus" = 'ON_HIRE')`);
  if (query.telematics === 'FOUND') conditions.push('pos.position_at IS NOT NULL');
  if (changedSince) {
    const since = param(changedSince);
    conditions.push(`greatest(pos.position_at, seg.state_to, rows."lastSeenAt") > ${since}`);
  }
  const rows = await db.query<MapRow>(
    `${MACHINE_ROWS}
     SELECT rows.id, rows.name, rows."assetID", rows.category, rows.type, rows.site, rows.customer,
            rows."hiredStatus", rows.breakdown, rows.owned, rows.hire_starts_at, rows.hire_ends_at,
            pos.latitude, pos.longitude, pos.position_at, seg.state, seg.state_from, seg.state_to,
            iv.running_interval_s, iv.off_interval_s, rows."lastSeenAt"
       FROM rows
       LEFT JOIN LATERAL (
         SELECT s.last_latitude AS latitude, s.last_longitude AS longitude, s.last_position_at AS position_at
           FROM source s WHERE s.machine_id = rows.id AND s.last_position_at IS NOT NULL
          ORDER BY s.last_position_at DESC LIMIT 1
       ) pos ON true
       LEFT JOIN LATERAL (
         SELECT a.state, a.from_at AS state_from, a.to_at AS state_to FROM activity_segment a
          WHERE a.machine_id = rows.id ORDER BY a.from_at DESC LIMIT 1
       ) seg ON true
       LEFT JOIN LATERAL (
         SELECT min(s.expected_interval_s) AS running_interval_s, max(s.expected_interval_off_s) AS off_interval_s
           FROM source s WHERE s.machine_id = rows.id
       ) iv ON true
      WHERE ${conditions.join(' AND ')}
      ORDER BY lower(rows.name), rows.id`,
    params,
  );
  const nowMs = Date.now();
  let firstQuietMs = Infinity;
  for (const row of rows) {
    const quietMs = quietFromMs(row);
    if (quietMs !== null && quietMs >= nowMs) firstQuietMs = Math.min(firstQuietMs, quietMs);
  }
  const machines = rows.map((row) => toMapMachine(row, nowMs));
  if (!query.countries) return { machines, firstQuietMs };
  const { ids, unknown } = parseCountries(query.countries);
  if (unknown.length > 0) throw badRequest('countries', `unknown countries: ${unknown.join(', ')}`);
  const placed = machines.filter((machine) => {
    const place =
      machine.location && countryAt(machine.location.latitude, machine.location.longitude);
    return place ? ids.has(place.id) : false;
  });
  return { machines: placed, firstQuietMs };
}

/** How many machines are on the map, located and in each state, and how many changed since. */
export async function mapSummary(
  db: Queryable,
  organisation: Organisation,
  request: { show?: (typeof MACHINE_SHOW)[number] | undefined; timestamp?: string | undefined },
): Promise<MapsSummaryReply> {
  const timestamp = new Date().toISOString();
  const query = { show: request.show };
  const machines = await mapMachines(db, organisation, query);
  const since = request.timestamp;
  const changed = since
    ? (await mapMachines(db, organisation, query, new Date(since))).length
    : undefined;
  const states = Object.fromEntries(MAP_STATES.map((state) => [state, 0])) as Record<
    MapState,
    number
  >;
  for (const machine of machines) states[machine.state]++;
  return {
    total: machines.length,
    located: machines.filter((m) => m.location !== null).length,
    states,
    ...(changed === undefined ? {} : { changed }),
    timestamp,
  };
}
