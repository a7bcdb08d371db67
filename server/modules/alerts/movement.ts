// Where a machine went, as alerts: across a site's fence (out of the site it is meant to be on, or
// into one of the organisation's sites), and away while its engine was off (towed, lifted onto a
// lorry, stolen). Pure, on a machine's committed positions and segments.
import { contains, distanceBetweenM, type Geofence } from '../../../src/domain/geofence.ts';
import type { Segment } from '../../telemetry/engine/sample.ts';
import type { CommittedPosition } from '../../telemetry/engine/events.ts';

/**
 * A machine back across a fence this soon after crossing it was working along it (a dumper's haul
 * road crossing it), not leaving or arriving; a fix back where it was this soon after a move was
 * the receiver's error.
 */
export const CROSSING_CONFIRM_MS = 30 * 60_000;
/**
 * Fixes of a parked machine wander by tens of metres, by a hundred or two under reflections; a
 * machine this far from its last fix with the engine off all the while was carried.
 */
export const MOVED_ENGINE_OFF_M = 300;

export interface FencedSite {
  name: string;
  geofence: Geofence;
}

export interface Crossing {
  startedAtMs: number;
  atMs: number;
  siteName: string;
}

/**
 * Each time the machine crossed the fence of the site `fenceAt` names for the instant — out of it
 * (`entering` false) or into it — and did not cross back within CROSSING_CONFIRM_MS. A crossing
 * needs a fix on the first side: the first fix in a site is not an arrival.
 */
export function fenceCrossings(
  positions: readonly CommittedPosition[],
  fenceAt: (atMs: number) => FencedSite | null,
  entering: boolean,
): Crossing[] {
  const crossings: Crossing[] = [];
  let cameFrom: FencedSite | null = null;
  for (const [index, position] of positions.entries()) {
    const site = fenceAt(position.atMs);
    const onFirstSide = (at: CommittedPosition) =>
      site !== null && contains(site.geofence, at) !== entering;
    if (onFirstSide(position)) {
      cameFrom = site;
      continue;
    }
    if (site !== null && cameFrom === site) {
      const back = positions
        .slice(index + 1)
        .some((later) => later.atMs - position.atMs <= CROSSING_CONFIRM_MS && onFirstSide(later));
      if (!back) {
        crossings.push({ startedAtMs: position.atMs, atMs: position.atMs, siteName: site.name });
      }
    }
    cameFrom = null;
  }
  return crossings;
}

interface Bounds {
  south: number;
  north: number;
  west: number;
  east: number;
}

const METRES_PER_DEGREE = 111_320;

function geofenceBounds(geofence: Geofence): Bounds {
  if (geofence.type === 'circle') {
    const { centre, radiusM } = geofence;
    const dLat = radiusM / METRES_PER_DEGREE;
    const dLng = radiusM / (METRES_PER_DEGREE * Math.cos((centre.latitude * Math.PI) / 180));
    return {
      south: centre.latitude - dLat,
      north: centre.latitude + dLat,
      west: centre.longitude - dLng,
      east: centre.longitude + dLng,
    };
  }
  const lats = geofence.points.map((p) => p.latitude);
  const lngs = geofence.points.map((p) => p.longitude);
  return {
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lngs),
    east: Math.max(...lngs),
  };
}

/** Arrivals on any of the sites: each site's fence tested only where the fixes come near it. */
export function siteArrivals(
  positions: readonly CommittedPosition[],
  sites: readonly FencedSite[],
): Crossing[] {
  if (positions.length < 2 || sites.length === 0) return [];
  const lats = positions.map((p) => p.latitude);
  const lngs = positions.map((p) => p.longitude);
  const [south, north, west, east] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lngs),
    Math.max(...lngs),
  ];
  return sites
    .filter((site) => {
      const b = geofenceBounds(site.geofence);
      return b.south <= north && b.north >= south && b.west <= east && b.east >= west;
    })
    .flatMap((site) => fenceCrossings(positions, () => site, true));
}

/** Whether the engine was off all through [fromMs, toMs] by the machine's own segments. */
function offThroughout(segments: readonly Segment[], fromMs: number, toMs: number): boolean {
  let coveredToMs = fromMs;
  for (const segment of segments) {
    if (segment.toMs <= coveredToMs || segment.fromMs >= toMs) continue;
    if (segment.fromMs > coveredToMs || segment.state !== 'off') return false;
    coveredToMs = segment.toMs;
    if (coveredToMs >= toMs) return true;
  }
  return false;
}

/**
 * Each move of MOVED_ENGINE_OFF_M or more between consecutive fixes with the engine off all the
 * while. From `sinceMs`: older moves raise nothing.
 */
export function movesWithEngineOff(
  positions: readonly CommittedPosition[],
  segments: readonly Segment[],
  sinceMs: number,
): { startedAtMs: number; atMs: number; minutes: number }[] {
  const moves: { startedAtMs: number; atMs: number; minutes: number }[] = [];
  for (let i = 1; i < positions.length; i++) {
    const from = positions[i - 1] as CommittedPosition;
    const to = positions[i] as CommittedPosition;
    if (to.atMs < sinceMs || distanceBetweenM(from, to) < MOVED_ENGINE_OFF_M) continue;
    if (!offThroughout(segments, from.atMs, to.atMs)) continue;
    // A lone fix far from both its neighbours (within CROSSING_CONFIRM_MS) was the receiver's error:
    // neither the jump to it nor the one back is a move.
    const near = (a: CommittedPosition | undefined, b: CommittedPosition) =>
      a !== undefined &&
      Math.abs(a.atMs - b.atMs) <= CROSSING_CONFIRM_MS &&
      distanceBetweenM(a, b) < MOVED_ENGINE_OFF_M;
    if (near(positions[i + 1], from) || near(positions[i - 2], to)) continue;
    moves.push({
      startedAtMs: from.atMs,
      atMs: to.atMs,
      minutes: Math.round((to.atMs - from.atMs) / 60_000),
    });
  }
  return moves;
}
