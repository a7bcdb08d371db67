// LoRaWAN network servers over HTTP: The Things Stack v3 uplink messages and ChirpStack v4 `up`
// events. The network server's decoded payload is used when there is one; otherwise the raw
// payload is decoded as the activity-sensor format of docs/devices.md.
import { emptyRecord, type TelemetryRecord } from '../record.ts';
import { isObject, PayloadDecodeError, type Json } from './jsonPayload.ts';

export const LORA_SOURCE = 'LORA';

function objectAt(body: Json, key: string, path: string): Json {
  const value = body[key];
  if (!isObject(value)) throw new PayloadDecodeError(path, `${path} is missing or not an object`);
  return value;
}

function devEui(value: unknown, path: string): string {
  if (typeof value !== 'string' || !/^[0-9A-Fa-f]{16}$/.test(value)) {
    throw new PayloadDecodeError(path, `${path} is not a 16-digit hexadecimal DevEUI`);
  }
  return value.toUpperCase();
}

function timeOf(value: unknown, path: string, fallbackMs: number): number {
  if (value === undefined) return fallbackMs;
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new PayloadDecodeError(path, `${path} is not a date-time`);
  return ms;
}

/** Version 1: activity level (0–100), battery in mV (uint16), temperature in 0.01 °C (int16), big-endian. */
export function decodeActivityPayload(bytes: Buffer): {
  activityLevel: number;
  batteryV: number;
  temperatureC: number;
} {
  if (bytes.length !== 6 || bytes[0] !== 1)
    throw new PayloadDecodeError('payload', 'not an activity-sensor payload (version 1, 6 bytes)');
  const activityLevel = bytes[1] as number;
  if (activityLevel > 100) throw new PayloadDecodeError('payload', 'activity level above 100');
  return {
    activityLevel,
    batteryV: bytes.readUInt16BE(2) / 1000,
    temperatureC: bytes.readInt16BE(4) / 100,
  };
}

const firstNumber = (source: Json, names: string[]): number | null => {
  for (const name of names) {
    const value = source[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
};

function fill(
  record: TelemetryRecord,
  decoded: unknown,
  rawBase64: unknown,
  path: string,
): TelemetryRecord {
  if (isObject(decoded) && Object.keys(decoded).length > 0) {
    record.activityLevel = firstNumber(decoded, ['activityLevel', 'activity', 'vibration']);
    record.batteryV = firstNumber(decoded, ['batteryV', 'battery']);
    record.temperatureC = firstNumber(decoded, ['temperatureC', 'temperature']);
    record.latitude = firstNumber(decoded, ['latitude']);
    record.longitude = firstNumber(decoded, ['longitude']);
    for (const [key, value] of Object.entries(decoded)) {
      if (typeof value === 'number' || typeof value === 'string') {
        record.ioIds.push(key);
        record.ioValues.push(value);
      }
    }
    return record;
  }
  if (typeof rawBase64 !== 'string')
    throw new PayloadDecodeError(path, `${path} is missing: no payload to decode`);
  Object.assign(record, decodeActivityPayload(Buffer.from(rawBase64, 'base64')));
  return record;
}

/** The Things Stack v3 uplink message (webhook "uplink message" enabled). */
export function decodeTtsUplink(body: unknown, receivedMs: number): TelemetryRecord {
  if (!isObject(body)) throw new PayloadDecodeError('body', 'the body is not a JSON object');
  const ids = objectAt(body, 'end_device_ids', 'end_device_ids');
  const uplink = objectAt(body, 'uplink_message', 'uplink_message');
  const code = devEui(ids.dev_eui, 'end_device_ids.dev_eui');
  const time = timeOf(
    uplink.received_at ?? body.received_at,
    'uplink_message.received_at',
    receivedMs,
  );
  return fill(
    emptyRecord(LORA_SOURCE, code, time, receivedMs),
    uplink.decoded_payload,
    uplink.frm_payload,
    'uplink_message.frm_payload',
  );
}

/** ChirpStack v4 `up` event (HTTP integration, JSON encoding). */
export function decodeChirpstackUp(body: unknown, receivedMs: number): TelemetryRecord {
  if (!isObject(body)) throw new PayloadDecodeError('body', 'the body is not a JSON object');
  const info = objectAt(body, 'deviceInfo', 'deviceInfo');
  const code = devEui(info.devEui, 'deviceInfo.devEui');
  const time = timeOf(body.time, 'time', receivedMs);
  return fill(emptyRecord(LORA_SOURCE, code, time, receivedMs), body.object, body.data, 'data');
}
