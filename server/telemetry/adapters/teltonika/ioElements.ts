// FMB-family IO element ids mapped onto the normalised record, with Teltonika's multipliers.
// Sources: Teltonika wiki "FMB Teltonika Data Sending Parameters ID" (permanent I/O elements,
// LVCAN/CAN adapter elements) and "FM36 AVL ID" for digital and analogue inputs. Any other id is
// kept raw in `io` only.
import type { TelemetryRecord } from '../../record.ts';

export const IO = {
  digitalInput1: 1,
  digitalInput2: 2,
  digitalInput3: 3,
  digitalInput4: 4,
  analogInput1: 9,
  analogInput2: 10,
  totalOdometer: 16,
  gsmSignal: 21,
  iButton: 78,
  externalVoltage: 66,
  batteryVoltage: 67,
  fuelConsumed: 83,
  fuelLevelLitres: 84,
  engineRpm: 85,
  fuelLevelPercent: 89,
  engineWorktime: 102,
  engineWorktimeCounted: 103,
  fuelConsumedCounted: 107,
  fuelRate: 110,
  pdop: 181,
  hdop: 182,
  ignition: 239,
  movement: 240,
  rfid: 207,
} as const;

/**
 * An operator's key from the iButton (78) or RFID (207) element: the 8 bytes as upper-case hex.
 * Zero means no key is present.
 */
export function driverKeyOf(value: number | string): string | null {
  const hex = typeof value === 'number' ? value.toString(16) : value;
  if (!/^[0-9a-fA-F]{1,16}$/.test(hex) || /^0+$/.test(hex)) return null;
  return hex.toUpperCase().padStart(16, '0');
}

/** Sets the record field an IO element stands for; the raw value is kept in `io` by the caller. */
export function applyIoElement(record: TelemetryRecord, id: number, value: number): void {
  switch (id) {
    case IO.ignition:
      record.ignition = value === 1;
      break;
    case IO.movement:
      record.movement = value === 1;
      break;
    case IO.digitalInput1:
    case IO.digitalInput2:
    case IO.digitalInput3:
    case IO.digitalInput4: {
      const bit = 1 << (id - IO.digitalInput1);
      const mask = record.digitalInputs ?? 0;
      record.digitalInputs = value ? mask | bit : mask & ~bit;
      break;
    }
    case IO.externalVoltage:
      record.externalVoltageV = value / 1000; // mV
      break;
    case IO.batteryVoltage:
      record.batteryV = value / 1000; // mV
      break;
    case IO.totalOdometer:
      record.odometerM = value;
      break;
    case IO.gsmSignal:
      record.gsmLevel = value; // 0 to 5
      break;
    case IO.hdop:
      record.hdop = value / 10;
      break;
    case IO.engineRpm:
      record.engineRpm = value;
      record.engineRunning = value > 0;
      break;
    case IO.fuelConsumed:
    case IO.fuelConsumedCounted:
      record.fuelUsedL = value / 10; // litres x 10
      break;
    case IO.fuelLevelLitres:
      record.fuelLevelL = value / 10; // litres x 10
      break;
    case IO.fuelLevelPercent:
      record.fuelLevelPct = value;
      break;
    case IO.fuelRate:
      record.fuelRateLh = value / 10; // l/h x 10
      break;
    case IO.engineWorktime:
    case IO.engineWorktimeCounted:
      record.hourMeterH = value / 60; // minutes
      break;
  }
}

/** Each IO element id's name, for staff reading raw records: the ids above and a few more FMB ones. */
export const IO_NAMES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(IO).map(([name, id]): [string, string] => [String(id), name]),
  ['24', 'speed'],
  ['69', 'gnssStatus'],
  ['80', 'dataMode'],
  ['113', 'batteryLevel'],
  ['199', 'tripOdometer'],
  ['200', 'sleepMode'],
  ['241', 'gsmOperator'],
]);
