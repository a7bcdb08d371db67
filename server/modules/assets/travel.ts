// Where an asset went over a range, from its tracker's positions: the site visits (each position
// placed in the first site whose geofence holds it), the days it spent on sites, and the distance
// it moved. Pure, so the rules are tested on fixtures; docs/devices.md states them in words.
import { contains, distanceBetweenM, type Geofence } from '../../../src/domain/geofence.ts';
import { nextDate, zonedDate } from '../../../src/domain/zonedTime.ts';

/**
 * A parked tracker's fix wanders a few metres; a move counts only once the asset is this far from
 * where it last stood, so a trailer parked for a month has moved 0 m.
 */
export const PARKED_WANDER_M = 50;

export interface TimedPosition {
  latitude: number;
  longitude: number;
  atMs: number;
}

export interface NamedSite {
  id: string;
  name: string;
  geofence: Geofence;
}

export interface Visit {
  site: NamedSite;
  /** Null: it was on the site already when the range began. */
  arrivedAtMs: number | null;
  /** Null: still there at its last position. */
  leftAtMs: number | null;
  days: number;
}

export interface Travel {
  visits: Visit[];
  daysOnSite: number;
  distanceM: number;
  /** Its last position up to the end of the range, and the site holding it. */
  last: TimedPosition | null;
  site: NamedSite | null;
}

export const siteAt = (sites: NamedSite[], point: TimedPosition): NamedSite | null =>
  sites.find((site) => contains(site.geofence, point)) ?? null;

/** The organisation's days from one instant to a later one (the later one excluded). */
function daysBetween(fromMs: number, toMs: number, timeZone: string): string[] {
  const last = zonedDate(new Date(Math.max(fromMs, toMs - 1)), timeZone);
  const days: string[] = [];
  for (let day = zonedDate(new Date(fromMs), timeZone); day <= last; day = nextDate(day)) {
    days.push(day);
  }
  return days;
}

export function assetTravel(input: {
  /** The last position before the range: where the asset stood when it began. */
  before: TimedPosition | null;
  /** The positions inside the range, oldest first. */
  positions: TimedPosition[];
  sites: NamedSite[];
  fromMs: number;
  toMs: number;
  nowMs: number;
  timeZone: string;
}): Travel {
  const { before, positions, sites, fromMs, timeZone } = input;
  // A visit still open lasts to the end of the range, or to now when the range is today.
  const endMs = Math.min(input.toMs, Math.max(input.nowMs, fromMs));
  const visits: Omit<Visit, 'days'>[] = [];
  let current = { site: before ? siteAt(sites, before) : null, arrivedAtMs: null as number | null };
  for (const position of positions) {
    const site = siteAt(sites, position);
    if (site?.id === current.site?.id) continue;
    if (current.site) {
      visits.push({
        site: current.site,
        arrivedAtMs: current.arrivedAtMs,
        leftAtMs: position.atMs,
      });
    }
    current = { site, arrivedAtMs: position.atMs };
  }
  if (current.site)
    visits.push({ site: current.site, arrivedAtMs: current.arrivedAtMs, leftAtMs: null });

  const onSite = new Set<string>();
  const dated = visits.map((visit) => {
    const days = daysBetween(
      Math.max(visit.arrivedAtMs ?? fromMs, fromMs),
      Math.max(visit.leftAtMs ?? endMs, visit.arrivedAtMs ?? fromMs),
      timeZone,
    );
    for (const day of days) onSite.add(day);
    return { ...visit, days: days.length };
  });

  let distanceM = 0;
  let anchor = before ?? positions[0] ?? null;
  for (const position of positions) {
    if (!anchor) break;
    const step = distanceBetweenM(anchor, position);
    if (step > PARKED_WANDER_M) {
      distanceM += step;
      anchor = position;
    }
  }
  const last = positions.at(-1) ?? before;
  return {
    visits: dated,
    daysOnSite: onSite.size,
    distanceM: Math.round(distanceM),
    last,
    site: current.site,
  };
}
