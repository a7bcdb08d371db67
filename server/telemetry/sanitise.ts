// Brings every decoded value into what the store can hold before it reaches a shared transaction:
// one device's impossible number must never fail the group commit it shares with other devices.
import type { TelemetryRecord } from './record.ts';

type NumericField = {
  [K in keyof TelemetryRecord]: TelemetryRecord[K] extends number | null
    ? null extends TelemetryRecord[K]
      ? K
      : never
    : never;
}[keyof TelemetryRecord];

type BooleanField = 'ignition' | 'movement' | 'engineRunning';

const INT4_MAX = 2_147_483_647;

/**
 * The values a working device can report, with a wide margin. Outside them a value is a decoding
 * fault or a broken sensor (and beyond float4's ±3.4e38 it cannot even be stored), so it is set
 * aside: the record is kept without it and the raw value is kept in its io as `impossible.<field>`.
 */
export const VALUE_BOUNDS: Readonly<Record<NumericField, readonly [number, number]>> = {
  latitude: [-1e6, 1e6],
  longitude: [-1e6, 1e6],
  altitudeM: [-12_000, 50_000],
  speedKmh: [0, 1_000],
  headingDeg: [0, 360],
  satellites: [0, 255],
  hdop: [0, 1_000],
  engineRpm: [0, 100_000],
  hourMeterH: [0, 10_000_000],
  odometerM: [0, 1e11],
  fuelLevelL: [0, 1_000_000],
  fuelLevelPct: [0, 1_000],
  fuelUsedL: [0, 1e9],
  fuelRateLh: [0, 10_000],
  externalVoltageV: [-1_000, 1_000],
  digitalInputs: [0, INT4_MAX],
  activityLevel: [0, 1_000],
  batteryV: [-100, 1_000],
  temperatureC: [-273.15, 10_000],
  rssiDbm: [-200, 50],
  snrDb: [-50, 50],
  gsmLevel: [0, 5],
  operatingHoursH: [0, 10_000_000],
  idleHoursH: [0, 10_000_000],
};

const INTEGER_FIELDS: ReadonlySet<NumericField> = new Set([
  'satellites',
  'digitalInputs',
  'gsmLevel',
]);
const BOOLEAN_FIELDS: readonly BooleanField[] = ['ignition', 'movement', 'engineRunning'];
const NUMERIC_FIELDS = Object.keys(VALUE_BOUNDS) as NumericField[];

/** Device times the store can hold: 1970 to 9999 (timestamptz and toISOString both manage these). */
const LATEST_STORABLE_MS = Date.UTC(9999, 11, 31);
export const storableTime = (ms: number): boolean =>
  Number.isFinite(ms) && ms >= 0 && ms <= LATEST_STORABLE_MS;

/** Longest device code the store takes; real ones (IMEI, DevEUI, serials, PINs) are far shorter. */
const MAX_CODE_LENGTH = 64;
/** Longest raw io string kept; longer ones are cut, since no device value is this long. */
const MAX_IO_STRING = 1_000;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;

/** Text without NUL (which no PostgreSQL text holds), cut to `length`. */
export const cleanText = (value: string, length: number) => value.replace(NUL, '').slice(0, length);
const cleanString = (value: string) => cleanText(value, MAX_IO_STRING);

/** Why the record can never be stored whatever its values (so it goes to quarantine), or null. */
export function unstorableReason(record: TelemetryRecord): string | null {
  for (const key of ['sourceType', 'sourceCode'] as const) {
    const value: unknown = record[key];
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CODE_LENGTH)
      return `${key} is missing or longer than ${MAX_CODE_LENGTH} characters`;
    if (CONTROL.test(value)) return `${key} holds control characters`;
  }
  if (!Number.isFinite(record.receivedTimeMs)) return 'receivedTimeMs is not a time';
  return null;
}

/**
 * Sets aside, in place, every value the store cannot hold or no device can report, and returns
 * the names of the fields set aside (empty for a sound record, the usual case).
 */
export function sanitiseRecord(record: TelemetryRecord): string[] {
  const setAside: string[] = [];
  const values = record as unknown as Record<string, unknown>;
  for (const field of NUMERIC_FIELDS) {
    const value: unknown = values[field];
    if (value === null) continue;
    const [min, max] = VALUE_BOUNDS[field];
    const sound =
      typeof value === 'number' &&
      value >= min &&
      value <= max &&
      (!INTEGER_FIELDS.has(field) || Number.isInteger(value));
    if (sound) continue;
    values[field] = null;
    setAside.push(field);
    record.ioIds.push(`impossible.${field}`);
    record.ioValues.push(cleanString(String(value)));
  }
  for (const field of BOOLEAN_FIELDS) {
    const value: unknown = values[field];
    if (value === null || typeof value === 'boolean') continue;
    values[field] = null;
    setAside.push(field);
  }
  if (record.driverKey !== null && !/^[0-9A-F]{16}$/.test(String(record.driverKey))) {
    record.ioIds.push('impossible.driverKey');
    record.ioValues.push(cleanString(String(record.driverKey)));
    record.driverKey = null;
    setAside.push('driverKey');
  }
  for (let i = 0; i < record.ioIds.length; i++) {
    const id = record.ioIds[i];
    if (typeof id === 'string') record.ioIds[i] = cleanString(id);
    const value = record.ioValues[i];
    if (typeof value === 'string') record.ioValues[i] = cleanString(value);
    // JSON has no NaN or Infinity: keep what the device sent as text instead of losing it.
    else if (typeof value === 'number' && !Number.isFinite(value))
      record.ioValues[i] = String(value);
  }
  return setAside;
}
