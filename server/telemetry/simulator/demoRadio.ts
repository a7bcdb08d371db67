// The demo's LoRaWAN radio: which gateways hear which demo sensor and how well, the hours a gateway
// is silent, and the one sensor whose battery drains, so the device screens show true problems.
import type { RadioLink } from './loraDevice.ts';

export interface DemoGateway {
  eui: string;
  networkId: string;
  model: string;
  latitude: number;
  longitude: number;
  /** Registered to the demo rental company at this depot; null: heard, left for staff to register. */
  registered: { name: string; siteName: string } | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const DEMO_GATEWAYS = {
  parkRoyal: {
    eui: '7276FF0039040101',
    networkId: 'nph-park-royal-roof',
    model: 'Kerlink Wirnet iStation',
    latitude: 51.5291,
    longitude: -0.2762,
    registered: { name: 'Park Royal depot roof', siteName: 'Northbank Depot Park Royal' },
  },
  dartford: {
    eui: '7276FF0039040102',
    networkId: 'nph-dartford-yard',
    model: 'Kerlink Wirnet iFemtoCell',
    latitude: 51.4462,
    longitude: 0.2181,
    registered: { name: 'Dartford yard mast', siteName: 'Northbank Depot Dartford' },
  },
  cabin: {
    eui: '7276FF0039040103',
    networkId: 'nph-hanger-lane-cabin',
    model: 'RAK WisGate Edge Lite 2',
    latitude: 51.5302,
    longitude: -0.2929,
    registered: { name: 'Hanger Lane site cabin', siteName: 'Northbank Depot Park Royal' },
  },
  wembley: {
    eui: 'AC1F09FFFE0A2B3C',
    networkId: 'wembley-hoarding-7289',
    model: 'RAK WisGate Edge Pro',
    latitude: 51.556,
    longitude: -0.2796,
    registered: null,
  },
} satisfies Record<string, DemoGateway>;

/**
 * The demo sensor (in code order) at the edge of Dartford's range only: a weak signal, lost during
 * the mast's outage (a gap in its frame counter), and not heard at all for the last six hours
 * before the demo started, so the admin area has a silent sensor to explain.
 */
export const WEAK_SENSOR_INDEX = 1;

/**
 * The gateways that hear the `index`-th demo sensor (in code order). Every sensor but the weak one
 * is heard from the Park Royal roof; every other one from Dartford too, whose power failed for four
 * hours the day before the demo started; every third from the Hanger Lane cabin, silent since five
 * hours before the start; every fourth from an unregistered gateway at Wembley. A sensor that no
 * gateway hears at a moment sends nothing the network server sees.
 */
export function demoRadioLinks(index: number, startedMs: number): RadioLink[] {
  const { parkRoyal, dartford, cabin, wembley } = DEMO_GATEWAYS;
  const link = (
    gateway: DemoGateway,
    rssiDbm: number,
    snrDb: number,
    silent: [number, number][] = [],
  ) => ({
    ...gateway,
    rssiDbm,
    snrDb,
    silent,
  });
  const dartfordOutage: [number, number] = [startedMs - 30 * HOUR_MS, startedMs - 26 * HOUR_MS];
  if (index === WEAK_SENSOR_INDEX)
    return [link(dartford, -117, -13.5, [dartfordOutage, [startedMs - 6 * HOUR_MS, Infinity]])];
  const links = [link(parkRoyal, -72 - (index % 7) * 4, 9 - (index % 5))];
  if (index % 2 === 1) links.push(link(dartford, -96 - (index % 3) * 3, 3, [dartfordOutage]));
  if (index % 3 === 2) links.push(link(cabin, -88, 6, [[startedMs - 5 * HOUR_MS, Infinity]]));
  if (index % 4 === 0) links.push(link(wembley, -108, -2));
  return links;
}

/**
 * The sensor's battery in mV at a time: the first sensor's cell is in its last weeks, dropping
 * 25 mV a day from 3.42 V a week before the start (low, below 3.3 V, after about five days); the
 * rest are fresh.
 */
export function demoBatteryMv(index: number, startedMs: number): (timeMs: number) => number {
  if (index !== 0) return () => 3600;
  const fromMs = startedMs - 7 * DAY_MS;
  return (timeMs) => Math.round(3420 - (25 * (timeMs - fromMs)) / DAY_MS);
}
