// The demo's equipment assets: three trailers with battery-powered, location-only Teltonika
// trackers (no ignition, no engine), towed between the rental company's depots and its customers'
// sites on a fixed cycle of UTC days, so the equipment screens show visits, days on site and
// distance on any day the demo starts. The seed makes the assets; the demo stream sends this.
import type { AvlRecordInput } from '../adapters/teltonika/encode.ts';
import { IO } from '../adapters/teltonika/ioElements.ts';
import type { AssetKind } from '../../../src/domain/api/assets.ts';
import { seededRandom } from './random.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** A parked asset tracker reports once an hour; a towed one every two minutes. */
export const ASSET_PARKED_REPORT_MS = HOUR_MS;
const TOW_REPORT_MS = 120_000;
/** Tows leave at 07:00 UTC and take 40 minutes. */
export const TOW_START_MS = 7 * HOUR_MS;
export const TOW_DURATION_MS = 40 * 60_000;
const JITTER_DEG = 3e-5; // about 3 m

/** Where the demo's trailers stand: inside the seed's sites (250 m geofences), or off every site. */
export const DEMO_PLACES = {
  parkRoyal: { latitude: 51.5294, longitude: -0.2757, siteName: 'Northbank Depot Park Royal' },
  dartford: { latitude: 51.4464, longitude: 0.2184, siteName: 'Northbank Depot Dartford' },
  hangerLane: { latitude: 51.5303, longitude: -0.2926, siteName: 'A40 Hanger Lane Junction' },
  brentCross: { latitude: 51.5757, longitude: -0.2236, siteName: 'Brent Cross Viaduct' },
  // A show's car park at Wembley, not a site of anyone's.
  wembley: { latitude: 51.556, longitude: -0.2796, siteName: null },
} as const;
export type DemoPlace = keyof typeof DEMO_PLACES;

export interface DemoAsset {
  name: string;
  assetNumber: string;
  kind: AssetKind;
  /** The tracker's IMEI. */
  code: string;
  claimCode: string;
  homePlace: DemoPlace;
  /** The places it stands at in turn, with how many UTC days it stays at each. */
  itinerary: [DemoPlace, number][];
}

export const DEMO_ASSETS: DemoAsset[] = [
  {
    name: 'Welfare unit trailer',
    assetNumber: 'NPH-T07',
    kind: 'trailer',
    code: '352094087000701',
    claimCode: 'ASSET-T07',
    homePlace: 'parkRoyal',
    itinerary: [
      ['parkRoyal', 3],
      ['hangerLane', 5],
    ],
  },
  {
    name: 'Fuel bowser trailer',
    assetNumber: 'NPH-B12',
    kind: 'trailer',
    code: '352094087001202',
    claimCode: 'ASSET-B12',
    homePlace: 'dartford',
    itinerary: [
      ['dartford', 2],
      ['wembley', 2],
      ['parkRoyal', 2],
    ],
  },
  {
    name: 'Site cabin on trailer',
    assetNumber: 'NPH-C21',
    kind: 'cabin',
    code: '352094087002103',
    claimCode: 'ASSET-C21',
    homePlace: 'parkRoyal',
    itinerary: [
      ['brentCross', 30],
      ['parkRoyal', 2],
    ],
  },
];

/** Where the asset stands on a UTC day (days since 1970) once any tow of that day is over. */
export function placeOnDay(asset: DemoAsset, day: number): DemoPlace {
  const cycle = asset.itinerary.reduce((sum, [, days]) => sum + days, 0);
  let left = ((day % cycle) + cycle) % cycle;
  for (const [place, days] of asset.itinerary) {
    if (left < days) return place;
    left -= days;
  }
  return asset.homePlace;
}

/** Where the asset is at an instant: at a place, or on the road between two. */
function positionAt(
  asset: DemoAsset,
  timeMs: number,
): { latitude: number; longitude: number; towed: boolean } {
  const day = Math.floor(timeMs / DAY_MS);
  const from = DEMO_PLACES[placeOnDay(asset, day - 1)];
  const to = DEMO_PLACES[placeOnDay(asset, day)];
  const towMs = timeMs - day * DAY_MS - TOW_START_MS;
  if (from === to || towMs >= TOW_DURATION_MS) return { ...to, towed: false };
  if (towMs < 0) return { ...from, towed: false };
  const f = towMs / TOW_DURATION_MS;
  return {
    latitude: from.latitude + (to.latitude - from.latitude) * f,
    longitude: from.longitude + (to.longitude - from.longitude) * f,
    towed: true,
  };
}

/**
 * The site the asset's latest report places it on at an instant (null: off every site), or
 * undefined while a tow is under way and the reports are on the road.
 */
export function demoSiteAt(asset: DemoAsset, timeMs: number): string | null | undefined {
  const day = Math.floor(timeMs / DAY_MS);
  const sinceTowMs = timeMs - day * DAY_MS - TOW_START_MS;
  const moves = placeOnDay(asset, day) !== placeOnDay(asset, day - 1);
  if (moves && sinceTowMs >= 0 && sinceTowMs <= TOW_DURATION_MS + 5 * 60_000) return undefined;
  return DEMO_PLACES[placeOnDay(asset, sinceTowMs < 0 ? day - 1 : day)].siteName;
}

/** The records the asset's tracker sends after `fromMs` up to and including `toMs`. */
export function demoAssetRecords(asset: DemoAsset, fromMs: number, toMs: number): AvlRecordInput[] {
  const times = new Set<number>();
  for (let t = Math.floor(fromMs / HOUR_MS + 1) * HOUR_MS; t <= toMs; t += ASSET_PARKED_REPORT_MS) {
    times.add(t);
  }
  for (let day = Math.floor(fromMs / DAY_MS); day <= Math.floor(toMs / DAY_MS); day++) {
    if (placeOnDay(asset, day) === placeOnDay(asset, day - 1)) continue;
    const start = day * DAY_MS + TOW_START_MS;
    for (let t = start; t <= start + TOW_DURATION_MS; t += TOW_REPORT_MS) {
      if (t > fromMs && t <= toMs) times.add(t);
    }
  }
  return [...times]
    .sort((a, b) => a - b)
    .map((timestampMs) => {
      const { latitude, longitude, towed } = positionAt(asset, timestampMs);
      const random = seededRandom(timestampMs);
      return {
        timestampMs,
        latitude: latitude + (random() - 0.5) * JITTER_DEG,
        longitude: longitude + (random() - 0.5) * JITTER_DEG,
        altitudeM: 40,
        headingDeg: 0,
        satellites: 9,
        speedKmh: towed ? 48 : 0,
        // A sealed cell, no machine to charge it: it drains slowly over the months.
        io: {
          [IO.batteryVoltage]: 3_950 - (Math.floor(timestampMs / DAY_MS) % 100),
          [IO.gsmSignal]: 4,
        },
      };
    });
}
