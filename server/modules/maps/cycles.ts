// Work cycles (docs/activity.md, "Work cycles"): in a machine's stops, in time order, a visit to a
// place, then to another, then back to the first is one cycle: loaded at the first (loading)
// place, tipped at the second (dumping), returned. A place is a site whose geofence holds the
// stop, or, outside every site, stops within CYCLE_PLACE_RADIUS_M of each other.
import type { RouteReply, RouteStop, RouteTrip } from '../../../src/domain/api/mapRoutes.ts';
import {
  CYCLE_PLACE_RADIUS_M,
  MAX_DUMPING_S,
  type CyclePlace,
  type CycleRoute,
  type WorkCycle,
  type WorkCyclesQuery,
  type WorkCyclesReply,
} from '../../../src/domain/api/workCycles.ts';
import { distanceBetweenM } from '../../../src/domain/geofence.ts';
import type { Queryable } from '../../db/database.ts';
import { machineRoute } from './route.ts';

interface Visit {
  place: number;
  fromMs: number;
  toMs: number;
}

const ms = (iso: string) => Date.parse(iso);

/** Each stop's place, and the places: a site by name, else the first stop near enough. */
function placesOf(stops: RouteStop[]): { placeOfStop: number[]; places: CyclePlace[] } {
  const places: CyclePlace[] = [];
  const placeOfStop = stops.map((stop) => {
    const found = places.findIndex((place) =>
      stop.geofenceName !== null
        ? place.name === stop.geofenceName
        : place.name === null && distanceBetweenM(place, stop.centre) <= CYCLE_PLACE_RADIUS_M,
    );
    if (found >= 0) return found;
    places.push({ name: stop.geofenceName, ...stop.centre });
    return places.length - 1;
  });
  return { placeOfStop, places };
}

/** The cycles in a route's stops and trips, in time order. */
export function findCycles(
  stops: RouteStop[],
  trips: RouteTrip[],
  payloadT: number | null,
): WorkCycle[] {
  const { placeOfStop, places } = placesOf(stops);
  // Stops in a row at one place (a short move within a site) are one visit.
  const visits: Visit[] = [];
  stops.forEach((stop, i) => {
    const place = placeOfStop[i] as number;
    const last = visits.at(-1);
    if (last && last.place === place) last.toMs = ms(stop.endTime);
    else visits.push({ place, fromMs: ms(stop.startTime), toMs: ms(stop.endTime) });
  });
  const cycles: WorkCycle[] = [];
  for (let i = 0; i + 2 < visits.length;) {
    const loading = visits[i] as Visit;
    const dumping = visits[i + 1] as Visit;
    const back = visits[i + 2] as Visit;
    const dumpingS = (dumping.toMs - dumping.fromMs) / 1000;
    if (back.place !== loading.place || dumpingS > MAX_DUMPING_S) {
      i += 1;
      continue;
    }
    const loadingS = (loading.toMs - loading.fromMs) / 1000;
    cycles.push({
      loadingPlace: places[loading.place] as CyclePlace,
      dumpingPlace: places[dumping.place] as CyclePlace,
      startTime: new Date(loading.toMs).toISOString(),
      endTime: new Date(back.fromMs).toISOString(),
      durationS: (back.fromMs - loading.toMs) / 1000,
      loadingS: loadingS > MAX_DUMPING_S ? null : loadingS,
      haulS: (dumping.fromMs - loading.toMs) / 1000,
      dumpingS,
      returnS: (back.fromMs - dumping.toMs) / 1000,
      distanceM: trips
        .filter((trip) => ms(trip.startTime) >= loading.toMs && ms(trip.endTime) <= back.fromMs)
        .reduce((sum, trip) => sum + trip.distanceM, 0),
      payloadT,
    });
    // The return ends where the next cycle loads.
    i += 2;
  }
  return cycles;
}

const placeKey = (place: CyclePlace) =>
  place.name ?? `${place.latitude.toFixed(5)},${place.longitude.toFixed(5)}`;

/** The cycles grouped by loading and dumping place, in the order each route first ran. */
export function cycleRoutes(cycles: WorkCycle[]): CycleRoute[] {
  const routes = new Map<string, WorkCycle[]>();
  for (const cycle of cycles) {
    const key = `${placeKey(cycle.loadingPlace)}→${placeKey(cycle.dumpingPlace)}`;
    routes.set(key, [...(routes.get(key) ?? []), cycle]);
  }
  return [...routes.values()].map((group) => {
    const first = group[0] as WorkCycle;
    const durations = group.map((c) => c.durationS);
    return {
      loadingPlace: first.loadingPlace,
      dumpingPlace: first.dumpingPlace,
      cycles: group.length,
      meanDurationS: durations.reduce((a, b) => a + b, 0) / group.length,
      minDurationS: Math.min(...durations),
      maxDurationS: Math.max(...durations),
      meanDistanceM: group.reduce((sum, c) => sum + c.distanceM, 0) / group.length,
      payloadT: first.payloadT === null ? null : first.payloadT * group.length,
    };
  });
}

/** One machine's cycles over local days of its owner, from its route with the default stop rules. */
export async function machineCycles(
  db: Queryable,
  organisationId: string,
  machineId: string,
  query: WorkCyclesQuery,
  route?: RouteReply,
): Promise<WorkCyclesReply> {
  const found =
    route ?? (await machineRoute(db, organisationId, { machineID: machineId, ...query }));
  const [machine] = await db.query<{ load_capacity_t: number | null }>(
    'SELECT load_capacity_t FROM machine WHERE id = $1',
    [machineId],
  );
  const loadCapacityT = machine?.load_capacity_t ?? null;
  const cycles = findCycles(found.stops, found.trips, loadCapacityT);
  return {
    id: found.id,
    name: found.name,
    assetId: found.assetId,
    timezone: found.timezone,
    loadCapacityT,
    cycles,
    routes: cycleRoutes(cycles),
  };
}
