// Writes ISO 15143-3 (AEMP 2.0) documents as implementers serve them (issue 43): XML in the
// standard's namespace by default, JSON when asked; the Fleet envelope with its version, snapshot
// time and links, then each Equipment's header and readings in the schema's order, each reading
// with its own datetime in UTC and its units.
import { XMLBuilder } from 'fast-xml-parser';
import type { SeriesElement, SeriesValue } from './series.ts';
import type { IsoEquipment, Reading } from './snapshot.ts';

export const ISO_NAMESPACE = 'http://standards.iso.org/iso/15143/-3';
export type IsoFormat = 'xml' | 'json';

export interface Link {
  rel: 'self' | 'first' | 'prev' | 'next' | 'last';
  href: string;
}

type Element = Record<string, unknown>;

const iso = (ms: number) => new Date(ms).toISOString();
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A reading's element: its datetime first, then its values. */
const dated = <T>(reading: Reading<T> | null, values: (value: T) => Element) =>
  reading ? { datetime: iso(reading.atMs), ...values(reading.value) } : undefined;

/** Each reading's values, as the snapshot and the time series write them. */
const values = {
  Location: (p: { latitude: number; longitude: number; altitudeM?: number | null }): Element => ({
    Latitude: round(p.latitude, 7),
    Longitude: round(p.longitude, 7),
    ...(p.altitudeM === undefined || p.altitudeM === null
      ? {}
      : { Altitude: round(p.altitudeM, 1), AltitudeUnits: 'metre' }),
  }),
  Hours: (h: number): Element => ({ Hour: round(h, 4) }),
  FuelUsed: (l: number): Element => ({ FuelUnits: 'litre', FuelConsumed: round(l, 2) }),
  Distance: (km: number): Element => ({ OdometerUnits: 'kilometre', Odometer: round(km, 3) }),
  EngineStatus: (running: boolean): Element => ({ Running: running }),
  FuelRemaining: (percent: number): Element => ({ Percent: round(percent, 1) }),
};

/** The equipment's elements in the schema's order; a reading not known is left out. */
function equipmentElements(e: IsoEquipment): Element {
  const header: Element = {
    ...(e.oemName ? { OEMName: e.oemName } : {}),
    ...(e.model ? { Model: e.model } : {}),
    EquipmentID: e.id,
    ...(e.serialNumber ? { SerialNumber: e.serialNumber } : {}),
    ...(e.pin ? { PIN: e.pin } : {}),
  };
  const elements: Element = {
    EquipmentHeader: header,
    Location: dated(e.location, values.Location),
    CumulativeOperatingHours: dated(e.operatingHours, values.Hours),
    FuelUsed: dated(e.fuelUsedL, values.FuelUsed),
    FuelUsedLast24: dated(e.fuelUsedLast24L, values.FuelUsed),
    Distance: dated(e.distanceKm, values.Distance),
    CumulativeIdleHours: dated(e.idleHours, values.Hours),
    FuelRemaining: dated(e.fuelRemainingPct, values.FuelRemaining),
    EngineStatus: dated(e.engineRunning, values.EngineStatus),
  };
  return Object.fromEntries(Object.entries(elements).filter(([, value]) => value !== undefined));
}

/** XML keeps each reading's datetime as an attribute, as the standard's schema does. */
function asXml(element: Element): Element {
  return Object.fromEntries(
    Object.entries(element).map(([name, value]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [name, value];
      const { datetime, ...rest } = value as Element;
      return [
        name,
        datetime === undefined ? asXml(rest) : { '@_datetime': datetime, ...asXml(rest) },
      ];
    }),
  );
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
});

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A fleet snapshot page. */
export function fleetDocument(
  format: IsoFormat,
  equipment: IsoEquipment[],
  links: Link[],
  snapshotMs: number,
): string {
  const items = equipment.map(equipmentElements);
  if (format === 'json') {
    return JSON.stringify({
      Fleet: { version: '1', snapshotTime: iso(snapshotMs), Links: links, Equipment: items },
    });
  }
  return (
    XML_DECLARATION +
    builder.build({
      Fleet: {
        '@_xmlns': ISO_NAMESPACE,
        '@_version': '1',
        '@_snapshotTime': iso(snapshotMs),
        Links: links,
        Equipment: items.map(asXml),
      },
    })
  );
}

/** One machine's snapshot. */
export function equipmentDocument(format: IsoFormat, equipment: IsoEquipment): string {
  const item = equipmentElements(equipment);
  if (format === 'json') return JSON.stringify({ Equipment: item });
  return (
    XML_DECLARATION + builder.build({ Equipment: { '@_xmlns': ISO_NAMESPACE, ...asXml(item) } })
  );
}

/** A time series' readings are named as the snapshot names one (Faults' as FaultCode). */
const SERIES_ITEMS: Record<SeriesElement, [name: string, write: (value: SeriesValue) => Element]> =
  {
    Locations: ['Location', (v) => values.Location(v as Parameters<typeof values.Location>[0])],
    CumulativeOperatingHours: ['CumulativeOperatingHours', (v) => values.Hours(v as number)],
    CumulativeIdleHours: ['CumulativeIdleHours', (v) => values.Hours(v as number)],
    FuelUsed: ['FuelUsed', (v) => values.FuelUsed(v as number)],
    Distance: ['Distance', (v) => values.Distance(v as number)],
    FuelRemaining: [
      'FuelRemaining',
      (v) => values.FuelRemaining((v as { percent: number }).percent),
    ],
    EngineStatus: ['EngineStatus', (v) => values.EngineStatus((v as { running: boolean }).running)],
    Faults: [
      'FaultCode',
      (v) => {
        const fault = v as { description: string | null; endedAtMs: number | null };
        return {
          CodeIdentifier: 'breakdown',
          ...(fault.description ? { CodeDescription: fault.description } : {}),
          CodeSource: 'portal',
          ...(fault.endedAtMs === null ? {} : { ClearedDateTime: iso(fault.endedAtMs) }),
        };
      },
    ],
  };

/** One page of a machine's time series: the element's envelope, its links, then its readings. */
export function seriesDocument(
  format: IsoFormat,
  element: SeriesElement,
  readings: Reading<SeriesValue>[],
  links: Link[],
  snapshotMs: number,
): string {
  const [name, write] = SERIES_ITEMS[element];
  const items = readings.map((reading) => ({
    datetime: iso(reading.atMs),
    ...write(reading.value),
  }));
  const envelope = { version: '1', snapshotTime: iso(snapshotMs), Links: links };
  if (format === 'json') return JSON.stringify({ [element]: { ...envelope, [name]: items } });
  return (
    XML_DECLARATION +
    builder.build({
      [element]: {
        '@_xmlns': ISO_NAMESPACE,
        '@_version': envelope.version,
        '@_snapshotTime': envelope.snapshotTime,
        Links: links,
        [name]: items.map(({ datetime, ...rest }) => ({ '@_datetime': datetime, ...asXml(rest) })),
      },
    })
  );
}
