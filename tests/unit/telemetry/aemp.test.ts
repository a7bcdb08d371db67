// ISO 15143-3 (AEMP 2.0) snapshot pages, XML and JSON, parsed leniently into records.
import { describe, expect, it } from 'vitest';
import { decodeAempPage } from '../../../server/telemetry/adapters/aemp.ts';
import { PayloadDecodeError } from '../../../server/telemetry/adapters/jsonPayload.ts';

const PAGE_URL = 'https://oem.example/Telematics/Fleet/1';
const RECEIVED_MS = Date.parse('2026-05-21T00:00:00Z');

// Modelled on what OEM portals really send: a namespace, a datetime as child element, a missing
// model, a zero tank capacity, equipment with a header only, and a relative next link.
const XML_PAGE = `<?xml version="1.0" encoding="utf-8"?>
<Fleet xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="20190501"
       xmlns="http://www.jcmanet.or.jp/english2017/ISO/15143/-3/20190501">
  <Links><rel>self</rel><href>https://oem.example/Telematics/Fleet/1</href></Links>
  <Links><rel>next</rel><href>/Telematics/Fleet/2</href></Links>
  <Equipment>
    <EquipmentHeader>
      <UnitInstallDateTime>0001-01-01T00:00:00Z</UnitInstallDateTime>
      <OEMName>Takeuchi</OEMName><Model>missing</Model><EquipmentID>4962046707</EquipmentID>
      <SerialNumber>190502580</SerialNumber><PIN>190502580</PIN>
    </EquipmentHeader>
    <Location datetime="2026-05-20T11:08:34Z">
      <Latitude>49.237090</Latitude><Longitude>8.093496</Longitude>
      <Altitude>258.81</Altitude><AltitudeUnits>metre</AltitudeUnits>
    </Location>
    <CumulativeOperatingHours><Hour>233.70</Hour><datetime>2026-05-20T11:08:34Z</datetime></CumulativeOperatingHours>
    <CumulativeIdleHours datetime="2026-05-20T10:55:00Z"><Hour>41.25</Hour></CumulativeIdleHours>
    <EngineStatus datetime="2026-05-20T10:37:57Z"><EngineNumber /><Running>true</Running></EngineStatus>
    <FuelUsed datetime="2026-05-20T10:53:34Z"><FuelUnits>litre</FuelUnits><FuelConsumed>1560</FuelConsumed></FuelUsed>
    <FuelRemaining datetime="2026-05-20T10:53:34Z">
      <Percent>62.40</Percent><FuelTankCapacityUnits>litre</FuelTankCapacityUnits><FuelTankCapacity>0</FuelTankCapacity>
    </FuelRemaining>
    <Distance datetime="2026-05-20T11:08:34Z"><OdometerUnits>mile</OdometerUnits><Odometer>10</Odometer></Distance>
  </Equipment>
  <Equipment>
    <EquipmentHeader><OEMName>Takeuchi</OEMName><Model>TB290-2</Model><EquipmentID>7020027516</EquipmentID>
      <SerialNumber>190502863</SerialNumber><PIN /></EquipmentHeader>
  </Equipment>
  <Equipment>
    <EquipmentHeader><OEMName>Takeuchi</OEMName><Model>missing</Model>
      <SerialNumber>missing</SerialNumber><PIN>missing</PIN></EquipmentHeader>
  </Equipment>
</Fleet>`;

describe('ISO 15143-3 snapshot pages', () => {
  it('reads an XML page leniently, one record per distinct datetime', () => {
    const page = decodeAempPage(XML_PAGE, 'xml', 'TAKEUCHI', PAGE_URL, RECEIVED_MS);
    expect(page.nextUrl).toBe('https://oem.example/Telematics/Fleet/2');
    expect(page.unidentified).toBe(1);
    expect(page.equipment.map((e) => e.code)).toEqual(['190502580', '190502863']);

    const [first, second] = page.equipment;
    expect(first?.header).toEqual({
      oemName: 'Takeuchi',
      model: null,
      serialNumber: '190502580',
      pin: '190502580',
      equipmentId: '4962046707',
    });
    const times = first?.records.map((r) => new Date(r.deviceTimeMs).toISOString());
    expect(times).toEqual([
      '2026-05-20T10:37:57.000Z',
      '2026-05-20T10:53:34.000Z',
      '2026-05-20T11:08:34.000Z',
    ]);
    const [engine, fuel, hours] = first?.records ?? [];
    expect(engine?.engineRunning).toBe(true);
    expect(fuel?.fuelUsedL).toBe(1560);
    expect(fuel?.fuelLevelPct).toBeCloseTo(62.4);
    // A zero tank capacity says nothing about litres.
    expect(fuel?.fuelLevelL).toBeNull();
    expect(hours).toMatchObject({
      sourceType: 'TAKEUCHI',
      sourceCode: '190502580',
      latitude: 49.23709,
      longitude: 8.093496,
      altitudeM: 258.81,
      operatingHoursH: 233.7,
      hourMeterH: 233.7,
      // Idle hours travel with the operating hours they belong to.
      idleHoursH: 41.25,
      receivedTimeMs: RECEIVED_MS,
    });
    expect(hours?.odometerM).toBeCloseTo(16_093.44, 2);
    // Header only: identified by its serial number, nothing to record.
    expect(second?.header.pin).toBeNull();
    expect(second?.records).toEqual([]);
  });

  it('reads JSON whatever the case of its keys, in gallons, on the last page', () => {
    const body = JSON.stringify({
      version: '1',
      links: [{ rel: 'self', href: PAGE_URL }],
      equipment: [
        {
          equipmentHeader: {
            oemName: 'JCB',
            model: '3CX',
            serialNumber: '2750001',
            pin: 'JCB3CX2750001',
          },
          cumulativeOperatingHours: { datetime: '2026-05-20T08:00:00Z', hour: 812.5 },
          cumulativeIdleHours: { datetime: '2026-05-20T08:00:00Z', hour: '201' },
          fuelUsed: { datetime: '2026-05-20T08:00:00Z', fuelUnits: 'gallon', fuelConsumed: 10 },
          fuelRemaining: {
            datetime: '2026-05-20T08:00:00Z',
            percent: 50,
            fuelTankCapacity: 160,
            fuelTankCapacityUnits: 'litre',
          },
          location: { datetime: 'not a date', latitude: 51.5, longitude: -0.1 },
        },
      ],
    });
    const page = decodeAempPage(body, 'json', 'JCB', PAGE_URL, RECEIVED_MS);
    expect(page.nextUrl).toBeNull();
    const [record] = page.equipment[0]?.records ?? [];
    expect(page.equipment[0]?.records).toHaveLength(1);
    expect(record).toMatchObject({ operatingHoursH: 812.5, idleHoursH: 201, fuelLevelL: 80 });
    expect(record?.fuelUsedL).toBeCloseTo(37.854, 3);
    // A reading without a readable datetime is left out, not placed at some other time.
    expect(record?.latitude).toBeNull();
  });

  // As Trackunit documents its export (developer-hub, "Export ISO 15143-3 (AEMP 2.0)"): the ISO
  // namespace, links as rel and href children, and its extensions asked for with addMetadata and
  // addExtendedData (Metadata, BatteryPotential and CumulativeMovingHours carrying a Value), which
  // the poller passes over. Values of our own.
  it('reads an XML page in the ISO namespace with a portal’s own extra elements', () => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<Fleet xmlns="http://standards.iso.org/iso/15143/-3" version="1" snapshotTime="2026-05-21T06:00:00Z">
  <Links><rel>self</rel><href>https://iris.example/aemp/v2/15143/-3/Fleet/2</href></Links>
  <Links><rel>next</rel><href>https://iris.example/aemp/v2/15143/-3/Fleet/3</href></Links>
  <Links><rel>prev</rel><href>https://iris.example/aemp/v2/15143/-3/Fleet/1</href></Links>
  <Links><rel>last</rel><href>https://iris.example/aemp/v2/15143/-3/Fleet/3</href></Links>
  <Equipment>
    <EquipmentHeader><OEMName>Genie</OEMName><Model>S-65</Model><EquipmentID>7731</EquipmentID>
      <SerialNumber>S6017-1234</SerialNumber></EquipmentHeader>
    <Metadata><TelematicSerialNumber>927001</TelematicSerialNumber><MachineId>8c1d</MachineId>
      <UnitId>958001</UnitId><ExternalReferenceNumber>ref-927001</ExternalReferenceNumber></Metadata>
    <Location datetime="2026-05-21T05:58:10Z"><Latitude>55.6761</Latitude><Longitude>12.5683</Longitude></Location>
    <CumulativeOperatingHours datetime="2026-05-21T05:58:10Z"><Hour>1520.35</Hour></CumulativeOperatingHours>
    <BatteryPotential datetime="2026-05-21T05:58:10Z"><BatteryPotential>13.3</BatteryPotential><Value>13.3</Value></BatteryPotential>
    <CumulativeMovingHours datetime="2026-05-21T05:58:10Z"><Hour>21.05</Hour><Value>21.05</Value></CumulativeMovingHours>
  </Equipment>
</Fleet>`;
    const page = decodeAempPage(body, 'xml', 'TRACKUNIT', PAGE_URL, RECEIVED_MS);
    expect(page.nextUrl).toBe('https://iris.example/aemp/v2/15143/-3/Fleet/3');
    expect(page.equipment.map((e) => e.code)).toEqual(['S6017-1234']);
    const [record] = page.equipment[0]?.records ?? [];
    expect(page.equipment[0]?.records).toHaveLength(1);
    expect(record).toMatchObject({
      operatingHoursH: 1520.35,
      latitude: 55.6761,
      longitude: 12.5683,
    });
    // Moving hours are neither operating nor idle hours.
    expect(record?.idleHoursH).toBeNull();
  });

  it('reads PascalCase JSON, each reading’s datetime a field, as the portal’s own feed serves it', () => {
    const body = JSON.stringify({
      Fleet: {
        version: '1',
        snapshotTime: '2026-05-21T06:00:00.000Z',
        Links: [{ rel: 'self', href: PAGE_URL }],
        Equipment: [
          {
            EquipmentHeader: {
              OEMName: 'JCB',
              Model: '3CX',
              EquipmentID: 'a1',
              PIN: 'JCB3CX2750002',
            },
            CumulativeOperatingHours: { datetime: '2026-05-21T05:00:00.000Z', Hour: 99.5 },
            Distance: {
              datetime: '2026-05-21T05:00:00.000Z',
              OdometerUnits: 'kilometre',
              Odometer: 12.5,
            },
            EngineStatus: { datetime: '2026-05-21T05:30:00.000Z', Running: false },
          },
        ],
      },
    });
    const page = decodeAempPage(body, 'json', 'PORTAL', PAGE_URL, RECEIVED_MS);
    const [hours, engine] = page.equipment[0]?.records ?? [];
    expect(page.equipment[0]?.code).toBe('JCB3CX2750002');
    expect(hours).toMatchObject({ operatingHoursH: 99.5, odometerM: 12_500 });
    expect(engine?.engineRunning).toBe(false);
  });

  // In the shape Samsara's OpenAPI documents for /aemp/Fleet/{pageNumber}: PascalCase, RFC 3339
  // times with a zone offset or milliseconds, its header's UnitInstallDateTime and a DEFRemaining
  // the portal does not store.
  it('reads JSON as Samsara documents it: times with an offset, extra elements passed over', () => {
    const body = JSON.stringify({
      Fleet: {
        version: '1',
        snapshotTime: '2026-05-21T06:00:00Z',
        Links: [{ rel: 'self', href: 'https://api.samsara.com/aemp/Fleet/1' }],
        Equipment: [
          {
            EquipmentHeader: {
              EquipmentID: '494123',
              Model: 'S630 T4',
              OEMName: 'Bobcat',
              PIN: '8V8WD530FLN016251',
              SerialNumber: '8V8WD530FLN016251',
              UnitInstallDateTime: '2019-06-13T19:08:25Z',
            },
            Location: {
              Latitude: 51.5072,
              Longitude: -0.1276,
              datetime: '2026-05-21T07:08:25+01:00',
            },
            CumulativeOperatingHours: { Hour: 1234.56, datetime: '2026-05-21T06:08:25.455Z' },
            Distance: {
              Odometer: 12,
              OdometerUnits: 'kilometre',
              datetime: '2026-05-21T06:08:25.455Z',
            },
            EngineStatus: { Running: true, datetime: '2026-05-21T02:00:12-04:00' },
            FuelRemaining: { Percent: 12, datetime: '2026-05-21T06:08:25.455Z' },
            DEFRemaining: { Percent: 80, datetime: '2026-05-21T06:08:25.455Z' },
          },
        ],
      },
    });
    const page = decodeAempPage(body, 'json', 'SAMSARA', PAGE_URL, RECEIVED_MS);
    const [equipment] = page.equipment;
    expect(equipment?.code).toBe('8V8WD530FLN016251');
    expect(equipment?.header).toMatchObject({ oemName: 'Bobcat', model: 'S630 T4' });
    // One record per instant: the offsets read as the same moment in UTC.
    const at = (iso: string) => equipment?.records.find((r) => r.deviceTimeMs === Date.parse(iso));
    expect(at('2026-05-21T06:08:25Z')).toMatchObject({ latitude: 51.5072, longitude: -0.1276 });
    expect(at('2026-05-21T06:08:25.455Z')).toMatchObject({
      operatingHoursH: 1234.56,
      odometerM: 12_000,
      fuelLevelPct: 12,
    });
    expect(at('2026-05-21T06:00:12Z')?.engineRunning).toBe(true);
  });

  it('names what is wrong with a page it cannot read', () => {
    const decode = (body: string, format: 'xml' | 'json') => () =>
      decodeAempPage(body, format, 'X', PAGE_URL, RECEIVED_MS);
    expect(decode('<Fleet><Equipment>', 'xml')).toThrow(PayloadDecodeError);
    expect(decode('<Other />', 'xml')).toThrow(/no Fleet element/);
    expect(decode('{"Equipment": [', 'json')).toThrow(/valid JSON/);
    expect(decode('[]', 'json')).toThrow(/no JSON object/);
  });
});
