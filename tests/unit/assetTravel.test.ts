// Where an equipment asset went, on fixtures: site visits (open at either end of the range), the
// days it spent on sites in the organisation's days, and distance with a parked fix's wander left
// out; and the demo's trailers, whose moves follow their itinerary on any day.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { describe, expect, it } from 'vitest';
import { distanceBetweenM } from '../../src/domain/geofence.ts';
import { IO } from '../../server/telemetry/adapters/teltonika/ioElements.ts';
import {
  assetTravel,
  PARKED_WANDER_M,
  type NamedSite,
} from '../../server/modules/assets/travel.ts';
import {
  DEMO_ASSETS,
  DEMO_PLACES,
  demoAssetRecords,
  placeOnDay,
  TOW_DURATION_MS,
  TOW_START_MS,
} from '../../server/telemetry/simulator/demoAssets.ts';

const depot = { latitude: 51.529, longitude: -0.276 };
const job = { latitude: 51.53, longitude: -0.293 };
const sites: NamedSite[] = [
  { id: 'depot', name: 'Depot', geofence: { type: 'circle', centre: depot, radiusM: 250 } },
  { id: 'job', name: 'Job', geofence: { type: 'circle', centre: job, radiusM: 250 } },
];
const at = (iso: string, place: { latitude: number; longitude: number }, northM = 0) => ({
  latitude: place.latitude + northM / 111_320,
  longitude: place.longitude,
  atMs: Date.parse(iso),
});
const between = (iso: string, f: number) =>
  at(iso, {
    latitude: depot.latitude + (job.latitude - depot.latitude) * f,
    longitude: depot.longitude + (job.longitude - depot.longitude) * f,
  });
const range = {
  fromMs: Date.parse('2026-07-01T00:00:00+01:00'),
  toMs: Date.parse('2026-07-04T00:00:00+01:00'),
  nowMs: Date.parse('2026-11-24T12:00:00Z'),
  timeZone: 'Europe/London',
};

describe('an asset over a range', () => {
  const towed = assetTravel({
    ...range,
    sites,
    before: at('2026-06-30T20:00:00Z', depot),
    positions: [
      at('2026-07-01T05:00:00Z', depot, 10), // a fix wandering 10 m: not a move
      at('2026-07-01T06:00:00Z', depot),
      between('2026-07-01T07:00:00Z', 0.5),
      at('2026-07-01T07:30:00Z', job),
      at('2026-07-02T12:00:00Z', job, -8),
    ],
  });

  it('finds the visits, open at the start and at the end of the range', () => {
    expect(towed.visits.map((v) => [v.site.id, v.arrivedAtMs, v.leftAtMs, v.days])).toEqual([
      ['depot', null, Date.parse('2026-07-01T07:00:00Z'), 1],
      // Still there: to the end of the range, 1 to 3 July in London.
      ['job', Date.parse('2026-07-01T07:30:00Z'), null, 3],
    ]);
    expect(towed.site?.id).toBe('job');
    expect(towed.last?.atMs).toBe(Date.parse('2026-07-02T12:00:00Z'));
  });

  it('counts each day on a site once, in the organisation’s days', () => {
    expect(towed.daysOnSite).toBe(3);
  });

  it('measures the tow and not the wander of a parked fix', () => {
    expect(towed.distanceM).toBeCloseTo(distanceBetweenM(depot, job), -1);
    expect(PARKED_WANDER_M).toBeGreaterThan(10);
  });

  it('counts a day off every site as no day on site', () => {
    const away = { latitude: 51.556, longitude: -0.2796 };
    const travel = assetTravel({
      ...range,
      sites,
      before: null,
      positions: [
        at('2026-07-01T10:00:00Z', depot),
        at('2026-07-01T12:00:00Z', away),
        at('2026-07-02T12:00:00Z', away),
        at('2026-07-03T10:00:00Z', depot),
      ],
    });
    expect(travel.visits.map((v) => [v.site.id, v.days])).toEqual([
      ['depot', 1],
      ['depot', 1],
    ]);
    expect(travel.daysOnSite).toBe(2);
  });

  it('keeps an asset parked since before the range on its site to the end, or to now', () => {
    const parked = assetTravel({
      ...range,
      sites,
      before: at('2026-06-01T08:00:00Z', job),
      positions: [],
    });
    expect(parked.visits).toEqual([
      expect.objectContaining({ arrivedAtMs: null, leftAtMs: null, days: 3 }),
    ]);
    expect(parked.distanceM).toBe(0);
    const today = assetTravel({
      ...range,
      nowMs: Date.parse('2026-07-02T09:00:00Z'),
      sites,
      before: at('2026-06-01T08:00:00Z', job),
      positions: [],
    });
    expect(today.daysOnSite).toBe(2);
  });

  it('has nothing to say of an asset never seen', () => {
    const never = assetTravel({ ...range, sites, before: null, positions: [] });
    expect(never).toEqual({ visits: [], daysOnSite: 0, distanceM: 0, last: null, site: null });
  });
});

describe("the demo's trailers", () => {
  const DAY_MS = 86_400_000;
  // A day on which the welfare trailer moves, found from its itinerary, whatever today is.
  const trailer = DEMO_ASSETS[0];
  if (!trailer) throw new Error('the demo has assets');
  const today = Math.floor(Date.parse('2026-11-24T00:00:00Z') / DAY_MS);
  const moveDay =
    Array.from({ length: 20 }, (_, i) => today - i).find(
      (day) => placeOnDay(trailer, day) !== placeOnDay(trailer, day - 1),
    ) ?? today;

  it('report hourly while parked and every two minutes while towed, with no ignition', () => {
    const records = demoAssetRecords(trailer, (moveDay - 1) * DAY_MS, (moveDay + 1) * DAY_MS);
    const towStart = moveDay * DAY_MS + TOW_START_MS;
    const towed = records.filter(
      (r) => r.timestampMs > towStart && r.timestampMs < towStart + TOW_DURATION_MS,
    );
    expect(towed.length).toBeGreaterThan(10);
    expect(records.filter((r) => r.speedKmh === 0).length).toBeGreaterThanOrEqual(46);
    expect(records.every((r) => r.io && !(IO.ignition in r.io))).toBe(true);
    const last = records.at(-1);
    const there = DEMO_PLACES[placeOnDay(trailer, moveDay)];
    expect(distanceBetweenM(there, last ?? there)).toBeLessThan(10);
  });

  it('send nothing twice: each record falls after the last one sent', () => {
    const fromMs = moveDay * DAY_MS + 5 * 60_000;
    const records = demoAssetRecords(trailer, fromMs, fromMs + DAY_MS);
    expect(records.every((r) => r.timestampMs > fromMs)).toBe(true);
    expect(new Set(records.map((r) => r.timestampMs)).size).toBe(records.length);
  });
});
