// Work cycles in a route's stops: a visit elsewhere and back is a cycle; other patterns are not.
import { describe, expect, it } from 'vitest';
import type { RouteStop, RouteTrip } from '../../src/domain/api/mapRoutes.ts';
import { cycleRoutes, findCycles } from '../../server/modules/maps/cycles.ts';

const T0 = Date.parse('2026-11-10T08:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const PLACES = {
  pit: { name: 'Pit', latitude: 51.5, longitude: -0.1 },
  tip: { name: null, latitude: 51.51, longitude: -0.1 },
  // 50 m from the tip: the same unnamed place.
  tipNearby: { name: null, latitude: 51.51045, longitude: -0.1 },
  yard: { name: 'Yard', latitude: 51.52, longitude: -0.1 },
};

/** Stops of `minutes` each at the places, with `gap` minutes of travel between them. */
function visits(places: (keyof typeof PLACES)[], minutes = 5, gap = 4) {
  const stops: RouteStop[] = [];
  const trips: RouteTrip[] = [];
  places.forEach((key, i) => {
    const start = i * (minutes + gap);
    const place = PLACES[key];
    stops.push({
      startTime: at(start),
      endTime: at(start + minutes),
      centre: { latitude: place.latitude, longitude: place.longitude },
      radius: 20,
      geofenceName: place.name,
      outOfScope: place.name === null,
    });
    if (i > 0) {
      trips.push({
        startTime: at(start - gap),
        endTime: at(start),
        distanceM: 600,
        geofenceStartName: null,
        geofenceEndName: place.name,
        outOfScope: place.name === null,
        locations: [],
      });
    }
  });
  return { stops, trips };
}

describe('work cycles', () => {
  it('counts each visit elsewhere and back, with its phases', () => {
    const { stops, trips } = visits(['pit', 'tip', 'pit', 'tipNearby', 'pit']);
    const cycles = findCycles(stops, trips, 12);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({
      loadingPlace: PLACES.pit,
      dumpingPlace: PLACES.tip,
      startTime: at(5),
      endTime: at(18),
      durationS: 13 * 60,
      loadingS: 300,
      haulS: 240,
      dumpingS: 300,
      returnS: 240,
      distanceM: 1200,
      payloadT: 12,
    });
    expect(cycleRoutes(cycles)).toEqual([
      expect.objectContaining({ cycles: 2, meanDurationS: 780, payloadT: 24 }),
    ]);
  });

  it('finds no cycle in a round trip through two other places, or a night parked at the tip', () => {
    const tour = visits(['pit', 'tip', 'yard', 'pit']);
    expect(findCycles(tour.stops, tour.trips, null)).toEqual([]);
    const parked = visits(['pit', 'tip', 'pit'], 120);
    expect(findCycles(parked.stops, parked.trips, null)).toEqual([]);
  });

  it('takes stops in a row at one place as one visit', () => {
    const { stops, trips } = visits(['pit', 'pit', 'tip', 'pit']);
    const cycles = findCycles(stops, trips, null);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.startTime).toBe(at(14));
  });
});
