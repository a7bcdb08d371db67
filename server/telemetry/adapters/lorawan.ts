// LoRaWAN network servers over HTTP: The Things Stack v3 uplink messages and ChirpStack v4 `up`
// events. The network server's decoded payload is used when there is one; otherwise the raw
// payload is decoded as the activity-sensor format of docs/devices.md. Each gateway that heard the
// uplink is read from the reception metadata (TTS `rx_metadata`, ChirpStack `rxInfo`).
import { gatewayEui } from '../../../src/domain/devices.ts';
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

/**
 * The frame counter and the payload bytes as hexadecimal, kept with the record's raw values (`fCnt`,
 * `payloadHex`) so staff can count lost uplinks and read what the sensor sent.
 */
function withFrame(record: TelemetryRecord, fCnt: unknown, rawBase64: unknown): TelemetryRecord {
  if (typeof fCnt === 'number' && Number.isInteger(fCnt) && fCnt >= 0) {
    record.ioIds.push('fCnt');
    record.ioValues.push(fCnt);
  }
  if (typeof rawBase64 === 'string' && rawBase64.length > 0 && rawBase64.length <= 400) {
    record.ioIds.push('payloadHex');
    record.ioValues.push(Buffer.from(rawBase64, 'base64').toString('hex').toUpperCase());
  }
  return record;
}

/** One gateway's reception of an uplink. */
export interface GatewayReception {
  /** 16 upper-case hexadecimal digits. */
  eui: string;
  /** The network server's own name for the gateway, where it has one besides the EUI. */
  networkId: string | null;
  rssiDbm: number;
  snrDb: number | null;
  /** Where the gateway says it is. */
  latitude: number | null;
  longitude: number | null;
}

export interface LoraUplink {
  record: TelemetryRecord;
  receptions: GatewayReception[];
}

const inRange = (value: number | null, min: number, max: number) =>
  value !== null && value >= min && value <= max ? value : null;

/**
 * The receptions of an uplink. A reception without an EUI (forwarded by Packet Broker from another
 * network) or without an RSSI tells nothing about a gateway of ours and is passed over.
 */
function receptionsOf(
  list: unknown,
  path: string,
  read: (item: Json) => { eui: unknown; networkId: unknown },
): GatewayReception[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new PayloadDecodeError(path, `${path} is not a list`);
  const receptions: GatewayReception[] = [];
  for (const item of list) {
    if (!isObject(item)) continue;
    const { eui, networkId } = read(item);
    const euiText = typeof eui === 'string' ? gatewayEui(eui) : null;
    const rssiDbm = inRange(firstNumber(item, ['rssi', 'channel_rssi']), -200, 50);
    if (!euiText || rssiDbm === null) continue;
    const location = isObject(item.location) ? item.location : {};
    receptions.push({
      eui: euiText,
      networkId: typeof networkId === 'string' ? networkId.slice(0, 100) : null,
      rssiDbm,
      snrDb: inRange(firstNumber(item, ['snr']), -50, 50),
      latitude: inRange(firstNumber(location, ['latitude']), -90, 90),
      longitude: inRange(firstNumber(location, ['longitude']), -180, 180),
    });
  }
  return receptions;
}

/** The record carries the best reception: the gateway that heard it loudest. */
function withBestReception(record: TelemetryRecord, receptions: GatewayReception[]): LoraUplink {
  const best = receptions.reduce<GatewayReception | null>(
    (top, next) => (!top || next.rssiDbm > top.rssiDbm ? next : top),
    null,
  );
  if (best) {
    record.rssiDbm = best.rssiDbm;
    record.snrDb = best.snrDb;
  }
  return { record, receptions };
}

/** The Things Stack v3 uplink message (webhook "uplink message" enabled). */
export function decodeTtsUplink(body: unknown, receivedMs: number): LoraUplink {
  if (!isObject(body)) throw new PayloadDecodeError('body', 'the body is not a JSON object');
  const ids = objectAt(body, 'end_device_ids', 'end_device_ids');
  const uplink = objectAt(body, 'uplink_message', 'uplink_message');
  const code = devEui(ids.dev_eui, 'end_device_ids.dev_eui');
  const time = timeOf(
    uplink.received_at ?? body.received_at,
    'uplink_message.received_at',
    receivedMs,
  );
  const record = withFrame(
    fill(
      emptyRecord(LORA_SOURCE, code, time, receivedMs),
      uplink.decoded_payload,
      uplink.frm_payload,
      'uplink_message.frm_payload',
    ),
    uplink.f_cnt,
    uplink.frm_payload,
  );
  const receptions = receptionsOf(uplink.rx_metadata, 'uplink_message.rx_metadata', (item) => {
    const ids = isObject(item.gateway_ids) ? item.gateway_ids : {};
    return { eui: ids.eui, networkId: ids.gateway_id };
  });
  return withBestReception(record, receptions);
}

/** ChirpStack v4 `up` event (HTTP integration, JSON encoding). */
export function decodeChirpstackUp(body: unknown, receivedMs: number): LoraUplink {
  if (!isObject(body)) throw new PayloadDecodeError('body', 'the body is not a JSON object');
  const info = objectAt(body, 'deviceInfo', 'deviceInfo');
  const code = devEui(info.devEui, 'deviceInfo.devEui');
  const time = timeOf(body.time, 'time', receivedMs);
  const record = withFrame(
    fill(emptyRecord(LORA_SOURCE, code, time, receivedMs), body.object, body.data, 'data'),
    body.fCnt,
    body.data,
  );
  // ChirpStack names a gateway by its EUI alone.
  const receptions = receptionsOf(body.rxInfo, 'rxInfo', (item) => ({
    eui: item.gatewayId,
    networkId: null,
  }));
  return withBestReception(record, receptions);
}
