// One machine's route over a range: its usable positions (docs/activity.md, "Which records
// count"), and the trips and stops the engine's rules find in them with the radius and duration
// asked for, each named by the site whose geofence it starts, ends or stays in. A customer sees
// only the positions from within its hires.
import {
  MAX_ROUTE_DAYS,
  type RouteLocation,
  type RouteQuery,
  type RouteReply,
} from '../../../src/domain/api/mapRoutes.ts';
import { ROUTE_STOP_RADIUS_M } from '../../../src/domain/constants.ts';
import { contains, type Geofence, type LatLng } from '../../../src/domain/geofence.ts';
import { nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../httpError.ts';
import { stopsAndTrips, type Position } from '../../telemetry/engine/trips.ts';
import { clipToPeriods, machineVisibility } from '../machines/index.ts';
import { routeMinSatellites } from '../../tenancy/organisation.ts';
import { listSites, sitesOfHires } from '../sites/index.ts';

/** More positions than a month of one a minute from two devices: a route beyond it is refused. */
const MAX_ROUTE_POSITIONS = 200_000;

interface PositionRow {
  latitude: number;
  longitude: number;
  satellites: number | null;
  time_ms: string;
}

/**
 * The name of the site a point lies in: the caller's sites, the owner's too for a customer (a
 * hired machine often starts from the owner's depot), and the sites its hires took it to, for the
 * owner. A site named twice is the same site.
 */
async function siteNamer(
  db: Queryable,
  organisationId: string,
  ownerId: string,
  machineId: string,
  sites: Awaited<ReturnType<typeof listSites>>,
): Promise<(point: LatLng) => string | null> {
  const siteList = [
    ...sites,
    ...(ownerId === organisationId ? [] : await listSites(db, ownerId)),
    ...(await sitesOfHires(db, machineId)),
  ].filter((site, i, all) => all.findIndex((other) => other.id === site.id) === i);
  const fences = siteList.flatMap((site) =>
    site.geofence ? [{ name: site.name, geofence: site.geofence as Geofence }] : [],
  );
  return (point) => fences.find((f) => contains(f.geofence, point))?.name ?? null;
}

/** The first position at or after a time, by binary search over positions in time order. */
function firstIndexAt(positions: Position[], timeMs: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((positions[mid] as Position).timeMs < timeMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

export async function machineRoute(
  db: Queryable,
  organisationId: string,
  query: RouteQuery,
): Promise<RouteReply> {
  const visibility = await machineVisibility(db, organisationId, query.machineID);
  if (!visibility) throw notFound('No such machine');
  const timeZone = visibility.timezone;
  const today = zonedDate(new Date(), timeZone);
  const startDay = query.start ?? today;
  const endDay = query.end ?? today;
  if (endDay < startDay) throw badRequest('end', 'end must not be before start');
  const fromMs = startOfZonedDay(startDay, timeZone).getTime();
  const toMs = startOfZonedDay(nextDate(endDay), timeZone).getTime();
  if (toMs - fromMs > MAX_ROUTE_DAYS * 86_400_000 + 3_600_000) {
    throw badRequest('end', `at most ${MAX_ROUTE_DAYS} days at a time`);
  }
  const periods = clipToPeriods(fromMs, toMs, visibility.periods);
  if (periods.length === 0) throw notFound('No such machine in this range');

  const minSatellites = await routeMinSatellites(db, organisationId);
  const [[machine], rows, sites] = await Promise.all([
    db.query<{ name: string; asset_id: string | null; organisation_id: string }>(
      'SELECT name, asset_id, organisation_id FROM machine WHERE id = $1',
      [query.machineID],
    ),
    db.query<PositionRow>(
      `SELECT r.latitude, r.longitude, r.satellites,
              (extract(epoch FROM r.device_time) * 1000)::bigint::text AS time_ms
         FROM source s JOIN telemetry_record r ON r.source_id = s.id
        WHERE s.machine_id = $1 AND r.device_time >= $2 AND r.device_time < $3
          AND r.invalid_reason IS NULL AND r.position_invalid_reason IS NULL
          AND r.latitude IS NOT NULL AND r.longitude IS NOT NULL
          AND (r.satellites IS NULL OR r.satellites >= $4)
        ORDER BY r.device_time LIMIT ${MAX_ROUTE_POSITIONS + 1}`,
      [
        query.machineID,
        new Date(periods[0]?.fromMs ?? fromMs),
        new Date(periods.at(-1)?.toMs ?? toMs),
        minSatellites,
      ],
    ),
    listSites(db, organisationId),
  ]);
  if (!machine) throw notFound('No such machine');
  if (rows.length > MAX_ROUTE_POSITIONS) {
    throw badRequest('end', `more than ${MAX_ROUTE_POSITIONS} positions: choose fewer days`);
  }
  const siteAt = await siteNamer(
    db,
    organisationId,
    machine.organisation_id,
    query.machineID,
    sites,
  );

  const inScope = (timeMs: number) => periods.some((p) => p.fromMs <= timeMs && timeMs < p.toMs);
  const positions: (Position & { satellites: number | null })[] = rows.flatMap((row) => {
    const timeMs = Number(row.time_ms);
    return inScope(timeMs)
      ? [{ timeMs, latitude: row.latitude, longitude: row.longitude, satellites: row.satellites }]
      : [];
  });
  const location = (p: (typeof positions)[number]): RouteLocation => ({
    latitude: p.latitude,
    longitude: p.longitude,
    satellites: p.satellites,
    time: new Date(p.timeMs).toISOString(),
  });
  const locations = positions.map(location);
  const { stops, trips } = stopsAndTrips(positions, {
    radiusM: query.stopRadius,
    durationS: query.stopDuration,
  });

  // Positions are in time order: a trip's are the run between its start and end times.
  const indexAt = (timeMs: number) => firstIndexAt(positions, timeMs);
  return {
    id: query.machineID,
    name: machine.name,
    assetId: machine.asset_id,
    timezone: timeZone,
    latestLocation: locations.at(-1) ?? null,
    locations,
    trips: trips.map((trip) => {
      const startName = siteAt(trip.start);
      const endName = siteAt(trip.end);
      return {
        geofenceStartName: startName,
        geofenceEndName: endName,
        outOfScope: endName === null,
        startTime: new Date(trip.fromMs).toISOString(),
        endTime: new Date(trip.toMs).toISOString(),
        distanceM: trip.distanceM,
        locations: locations.slice(indexAt(trip.fromMs), indexAt(trip.toMs) + 1),
      };
    }),
    stops: stops.map((stop) => {
      const name = siteAt(stop);
      return {
        outOfScope: name === null,
        startTime: new Date(stop.fromMs).toISOString(),
        endTime: new Date(stop.toMs).toISOString(),
        centre: { latitude: stop.latitude, longitude: stop.longitude },
        radius: query.stopRadius ?? ROUTE_STOP_RADIUS_M,
        geofenceName: name,
      };
    }),
  };
}
