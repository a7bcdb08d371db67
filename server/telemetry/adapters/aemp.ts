// ISO 15143-3 (AEMP 2.0) fleet snapshots, XML or JSON, as OEM portals really serve them: element
// names in any case, a datetime as an attribute or as a child element, "missing" or empty header
// fields, zero tank capacities, numbers as text. Each equipment becomes one record per distinct
// datetime among its readings; what cannot be read is left out, never guessed.
import { XMLParser } from 'fast-xml-parser';
import { emptyRecord, type TelemetryRecord } from '../record.ts';
import { isObject, PayloadDecodeError, type Json } from './jsonPayload.ts';

export type AempFormat = 'xml' | 'json';

export interface AempEquipmentHeader {
  oemName: string | null;
  model: string | null;
  serialNumber: string | null;
  pin: string | null;
  equipmentId: string | null;
}

export interface AempEquipment {
  header: AempEquipmentHeader;
  /** The source code the records carry: the PIN, else the serial number, else the OEM's id. */
  code: string;
  records: TelemetryRecord[];
}

export interface AempPage {
  equipment: AempEquipment[];
  /** Equipment left out because nothing identifies it. */
  unidentified: number;
  /** The `next` link, absolute; null on the last page. */
  nextUrl: string | null;
}

const LITRES_PER_US_GALLON = 3.785411784;
const METRES_PER_MILE = 1609.344;
const METRES_PER_FOOT = 0.3048;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are not expanded: a feed cannot make the parser build a huge document.
  processEntities: false,
  isArray: (name) => ['equipment', 'links'].includes(name.toLowerCase()),
});

/** The value under `key`, whatever its case. */
function get(node: unknown, key: string): unknown {
  if (!isObject(node)) return undefined;
  if (key in node) return node[key];
  const lower = key.toLowerCase();
  for (const [name, value] of Object.entries(node)) if (name.toLowerCase() === lower) return value;
  return undefined;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** Text of an element that may carry attributes (`{'#text': …}`); placeholders are absent. */
function text(value: unknown): string | null {
  const raw = isObject(value) ? value['#text'] : value;
  // JSON feeds give numbers and flags (EngineStatus.Running) as themselves.
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return trimmed === '' || /^(missing|n\/?a|null|unknown)$/i.test(trimmed) ? null : trimmed;
}

function number(value: unknown): number | null {
  const raw = text(value);
  if (raw === null) return null;
  const parsed = Number(raw);
  return Number.isFinite(parsed) ? parsed : null;
}

function datetime(element: Json): number | null {
  const raw = text(get(element, 'datetime'));
  if (raw === null) return null;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? null : ms;
}

const isUnit = (unit: string | null, ...names: string[]) =>
  unit !== null && names.includes(unit.toLowerCase());

function header(equipment: Json): AempEquipmentHeader {
  const node = get(equipment, 'EquipmentHeader');
  return {
    oemName: text(get(node, 'OEMName')),
    model: text(get(node, 'Model')),
    serialNumber: text(get(node, 'SerialNumber')),
    pin: text(get(node, 'PIN')),
    equipmentId: text(get(node, 'EquipmentID')),
  };
}

/** Each reading the standard defines that we use: where it is and what it sets on a record. */
const READINGS: readonly (readonly [string, (record: TelemetryRecord, element: Json) => void])[] = [
  [
    'Location',
    (record, element) => {
      record.latitude = number(get(element, 'Latitude'));
      record.longitude = number(get(element, 'Longitude'));
      const altitude = number(get(element, 'Altitude'));
      const feet = isUnit(text(get(element, 'AltitudeUnits')), 'foot', 'feet', 'ft');
      record.altitudeM = altitude === null ? null : feet ? altitude * METRES_PER_FOOT : altitude;
    },
  ],
  [
    'CumulativeOperatingHours',
    (record, element) => {
      record.operatingHoursH = number(get(element, 'Hour'));
      record.hourMeterH = record.operatingHoursH;
    },
  ],
  [
    'CumulativeIdleHours',
    (record, element) => {
      record.idleHoursH = number(get(element, 'Hour'));
    },
  ],
  [
    'FuelUsed',
    (record, element) => {
      const used = number(get(element, 'FuelConsumed'));
      const gallons = isUnit(text(get(element, 'FuelUnits')), 'gallon', 'gallons', 'gal');
      record.fuelUsedL = used === null ? null : gallons ? used * LITRES_PER_US_GALLON : used;
    },
  ],
  [
    'FuelRemaining',
    (record, element) => {
      const percent = number(get(element, 'Percent'));
      const capacity = number(get(element, 'FuelTankCapacity'));
      const gallons = isUnit(text(get(element, 'FuelTankCapacityUnits')), 'gallon', 'gallons');
      record.fuelLevelPct = percent;
      // A capacity of zero means "not known", not an empty tank.
      if (percent !== null && capacity !== null && capacity > 0) {
        record.fuelLevelL = (percent / 100) * capacity * (gallons ? LITRES_PER_US_GALLON : 1);
      }
    },
  ],
  [
    'Distance',
    (record, element) => {
      const odometer = number(get(element, 'Odometer'));
      const miles = isUnit(text(get(element, 'OdometerUnits')), 'mile', 'miles', 'mi');
      record.odometerM = odometer === null ? null : odometer * (miles ? METRES_PER_MILE : 1000);
    },
  ],
  [
    'EngineStatus',
    (record, element) => {
      const running = text(get(element, 'Running'))?.toLowerCase();
      record.engineRunning = running === 'true' ? true : running === 'false' ? false : null;
    },
  ],
];

function equipmentRecords(
  equipment: Json,
  sourceType: string,
  code: string,
  receivedMs: number,
): TelemetryRecord[] {
  const byTime = new Map<number, TelemetryRecord>();
  const at = (ms: number) => {
    let record = byTime.get(ms);
    if (!record) {
      record = emptyRecord(sourceType, code, ms, receivedMs);
      byTime.set(ms, record);
    }
    return record;
  };
  const operating = get(equipment, 'CumulativeOperatingHours');
  const operatingMs = isObject(operating) ? datetime(operating) : null;
  for (const [name, apply] of READINGS) {
    const element = get(equipment, name);
    if (!isObject(element)) continue;
    // Idle hours belong with the operating hours they are a part of, whatever time they carry:
    // the engine compares both counters between the same two readings.
    const ms =
      name === 'CumulativeIdleHours' && operatingMs !== null ? operatingMs : datetime(element);
    if (ms === null) continue;
    apply(at(ms), element);
  }
  return [...byTime.values()].sort((a, b) => a.deviceTimeMs - b.deviceTimeMs);
}

function parse(body: string, format: AempFormat): Json {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new PayloadDecodeError('body', 'The feed did not send valid JSON');
    }
    if (!isObject(parsed)) throw new PayloadDecodeError('body', 'The feed sent no JSON object');
    // Some portals wrap the snapshot in a Fleet object, as the XML does.
    const fleet = get(parsed, 'Fleet');
    return isObject(fleet) ? fleet : parsed;
  }
  let document: unknown;
  try {
    document = xml.parse(body, true);
  } catch (error) {
    throw new PayloadDecodeError('body', `The feed did not send valid XML: ${String(error)}`);
  }
  const fleet = get(document, 'Fleet');
  if (!isObject(fleet)) throw new PayloadDecodeError('Fleet', 'The XML has no Fleet element');
  return fleet;
}

/** One page of a fleet snapshot; `pageUrl` resolves a relative `next` link. */
export function decodeAempPage(
  body: string,
  format: AempFormat,
  sourceType: string,
  pageUrl: string,
  receivedMs: number,
): AempPage {
  const fleet = parse(body, format);
  const page: AempPage = { equipment: [], unidentified: 0, nextUrl: null };
  for (const link of list(get(fleet, 'Links'))) {
    const href = text(get(link, 'href'));
    if (text(get(link, 'rel'))?.toLowerCase() === 'next' && href !== null) {
      try {
        page.nextUrl = new URL(href, pageUrl).toString();
      } catch {
        throw new PayloadDecodeError('Links.href', `The next link is not a URL: '${href}'`);
      }
    }
  }
  for (const item of list(get(fleet, 'Equipment'))) {
    if (!isObject(item)) continue;
    const equipmentHeader = header(item);
    const code = equipmentHeader.pin ?? equipmentHeader.serialNumber ?? equipmentHeader.equipmentId;
    if (code === null) {
      page.unidentified++;
      continue;
    }
    page.equipment.push({
      header: equipmentHeader,
      code,
      records: equipmentRecords(item, sourceType, code, receivedMs),
    });
  }
  return page;
}
