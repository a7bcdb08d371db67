// Writes ISO 15143-3 fleet snapshot pages, XML or JSON, the way OEM portals serve them: the XML
// carries one datetime as a child element (as some portals do) and the rest as attributes.
import type { AempFormat } from '../adapters/aemp.ts';
import type { OemReading } from './oemUnit.ts';

export interface FeedEquipment {
  oemName: string;
  model: string | null;
  serialNumber: string;
  pin: string | null;
  equipmentId: string;
  reading: OemReading | null;
}

export interface PageLinks {
  self: string;
  next: string | null;
}

const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const iso = (ms: number) => new Date(ms).toISOString();
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function xmlEquipment(e: FeedEquipment): string {
  const header = [
    `<OEMName>${escapeXml(e.oemName)}</OEMName>`,
    // A missing model, as several portals write it.
    e.model === null ? '<Model>missing</Model>' : `<Model>${escapeXml(e.model)}</Model>`,
    `<EquipmentID>${escapeXml(e.equipmentId)}</EquipmentID>`,
    `<SerialNumber>${escapeXml(e.serialNumber)}</SerialNumber>`,
    e.pin === null ? '<PIN />' : `<PIN>${escapeXml(e.pin)}</PIN>`,
  ].join('');
  const r = e.reading;
  const readings = r
    ? [
        `<Location datetime="${iso(r.atMs)}"><Latitude>${round(r.position.latitude, 6)}</Latitude>`,
        `<Longitude>${round(r.position.longitude, 6)}</Longitude><Altitude>35</Altitude>`,
        '<AltitudeUnits>metre</AltitudeUnits></Location>',
        `<CumulativeOperatingHours><Hour>${round(r.operatingHoursH, 4)}</Hour>`,
        `<datetime>${iso(r.atMs)}</datetime></CumulativeOperatingHours>`,
        `<CumulativeIdleHours datetime="${iso(r.atMs)}"><Hour>${round(r.idleHoursH, 4)}</Hour></CumulativeIdleHours>`,
        `<FuelUsed datetime="${iso(r.atMs)}"><FuelUnits>litre</FuelUnits>`,
        `<FuelConsumed>${round(r.fuelUsedL, 2)}</FuelConsumed></FuelUsed>`,
        // A zero capacity, as several portals write it: the level is known only as a percentage.
        `<FuelRemaining datetime="${iso(r.atMs)}"><Percent>60</Percent>`,
        '<FuelTankCapacityUnits>litre</FuelTankCapacityUnits><FuelTankCapacity>0</FuelTankCapacity></FuelRemaining>',
      ].join('')
    : '';
  return `<Equipment><EquipmentHeader>${header}</EquipmentHeader>${readings}</Equipment>`;
}

function jsonEquipment(e: FeedEquipment): object {
  const r = e.reading;
  const at = r ? iso(r.atMs) : '';
  return {
    EquipmentHeader: {
      OEMName: e.oemName,
      ...(e.model === null ? {} : { Model: e.model }),
      EquipmentID: e.equipmentId,
      SerialNumber: e.serialNumber,
      ...(e.pin === null ? {} : { PIN: e.pin }),
    },
    ...(r && {
      Location: {
        datetime: at,
        Latitude: round(r.position.latitude, 6),
        Longitude: round(r.position.longitude, 6),
      },
      CumulativeOperatingHours: { datetime: at, Hour: round(r.operatingHoursH, 4) },
      CumulativeIdleHours: { datetime: at, Hour: round(r.idleHoursH, 4) },
      FuelUsed: { datetime: at, FuelUnits: 'litre', FuelConsumed: round(r.fuelUsedL, 2) },
    }),
  };
}

export function fleetPage(
  format: AempFormat,
  equipment: FeedEquipment[],
  links: PageLinks,
  snapshotMs: number,
): string {
  const linkList = [
    { rel: 'self', href: links.self },
    ...(links.next ? [{ rel: 'next', href: links.next }] : []),
  ];
  if (format === 'json') {
    return JSON.stringify({
      Version: '1',
      SnapshotTime: iso(snapshotMs),
      Links: linkList,
      Equipment: equipment.map(jsonEquipment),
    });
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Fleet xmlns="http://standards.iso.org/iso/15143/-3" version="1" snapshotTime="${iso(snapshotMs)}">`,
    ...linkList.map((l) => `<Links><rel>${l.rel}</rel><href>${escapeXml(l.href)}</href></Links>`),
    ...equipment.map(xmlEquipment),
    '</Fleet>',
  ].join('\n');
}
