// Stops and trips from positions: a stop is staying within the stop radius for the stop duration,
// or a gap in positions longer than STOP_GAP_S; a trip is the movement between two stops.
import { distanceBetweenM } from '../../../src/domain/geofence.ts';
import { STOP_DURATION_S, STOP_GAP_S, STOP_RADIUS_M } from './rules.ts';

export interface Position {
  timeMs: number;
  latitude: number;
  longitude: number;
}

export interface Stop {
  fromMs: number;
  toMs: number;
  latitude: number;
  longitude: number;
}

export interface Trip {
  fromMs: number;
  toMs: number;
  distanceM: number;
  start: Position;
  end: Position;
}

export interface StopOptions {
  radiusM?: number;
  durationS?: number;
}

/** Stops and trips from positions sorted by time. GPS jitter within the radius makes no trip. */
export function stopsAndTrips(
  positions: Position[],
  options: StopOptions = {},
): { stops: Stop[]; trips: Trip[] } {
  const radiusM = options.radiusM ?? STOP_RADIUS_M;
  const durationMs = (options.durationS ?? STOP_DURATION_S) * 1000;
  const inStop = new Array<boolean>(positions.length).fill(false);
  const stops: Stop[] = [];

  const closeCluster = (first: number, last: number) => {
    const a = positions[first] as Position;
    const b = positions[last] as Position;
    if (b.timeMs - a.timeMs < durationMs) return;
    stops.push({ fromMs: a.timeMs, toMs: b.timeMs, latitude: a.latitude, longitude: a.longitude });
    for (let i = first; i <= last; i++) inStop[i] = true;
  };

  let first = 0;
  for (let i = 1; i < positions.length; i++) {
    const previous = positions[i - 1] as Position;
    const current = positions[i] as Position;
    if (current.timeMs - previous.timeMs > STOP_GAP_S * 1000) {
      closeCluster(first, i - 1);
      // The gap is a stop where the machine was last seen.
      stops.push({
        fromMs: previous.timeMs,
        toMs: current.timeMs,
        latitude: previous.latitude,
        longitude: previous.longitude,
      });
      inStop[i - 1] = true;
      first = i;
    } else if (distanceBetweenM(positions[first] as Position, current) > radiusM) {
      closeCluster(first, i - 1);
      first = i;
    }
  }
  if (positions.length > 0) closeCluster(first, positions.length - 1);
  stops.sort((a, b) => a.fromMs - b.fromMs);

  // A trip runs from the last position of one stop to the first of the next, through moving positions.
  const trips: Trip[] = [];
  let tripStart = -1;
  for (let i = 0; i < positions.length; i++) {
    if (!inStop[i]) {
      if (tripStart === -1) tripStart = Math.max(0, i - 1);
      continue;
    }
    if (tripStart !== -1) {
      addTrip(trips, positions, tripStart, i, radiusM);
      tripStart = -1;
    }
  }
  if (tripStart !== -1) addTrip(trips, positions, tripStart, positions.length - 1, radiusM);
  return { stops, trips };
}

function addTrip(
  trips: Trip[],
  positions: Position[],
  from: number,
  to: number,
  radiusM: number,
): void {
  let distanceM = 0;
  for (let i = from + 1; i <= to; i++)
    distanceM += distanceBetweenM(positions[i - 1] as Position, positions[i] as Position);
  const start = positions[from] as Position;
  const end = positions[to] as Position;
  // Wandering that never leaves the stop radius, seen around a short pause, is no trip.
  if (distanceM < 2 * radiusM) return;
  trips.push({ fromMs: start.timeMs, toMs: end.timeMs, distanceM, start, end });
}
