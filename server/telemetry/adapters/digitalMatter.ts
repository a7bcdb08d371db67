// Digital Matter's HTTP JSON connector: one POST per device with its logged records. Each record
// has a DateUTC and Fields by FType: 0 GPS, 2 digital inputs and outputs (ignition on bit 0),
// 6 analogue values. Every analogue channel is kept raw; the two every product shares are mapped
// too: 1 the internal battery in mV, 4 the modem's signal as CSQ (0-31).
import { csqBars } from '../../../src/domain/devices.ts';
import { emptyRecord, type TelemetryRecord } from '../record.ts';
import { isObject, PayloadDecodeError, type Json } from './jsonPayload.ts';

export const DIGITAL_MATTER_SOURCE = 'DIGITALMATTER';
const MAX_RECORDS = 1000;

function number(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new PayloadDecodeError(field, `${field} is not a number`);
  return value;
}

/** "2026-11-20 08:00:00" (UTC, as the connector writes it) or ISO 8601. */
function utcTime(value: unknown, field: string): number {
  if (typeof value !== 'string') throw new PayloadDecodeError(field, `${field} is not a date`);
  const ms = Date.parse(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value,
  );
  if (Number.isNaN(ms)) throw new PayloadDecodeError(field, `${field} is not a date: '${value}'`);
  return ms;
}

function applyField(record: TelemetryRecord, field: Json, path: string): void {
  const type = number(field.FType, `${path}.FType`);
  if (type === 0) {
    record.latitude = number(field.Lat, `${path}.Lat`);
    record.longitude = number(field.Long, `${path}.Long`);
    record.altitudeM = number(field.Alt, `${path}.Alt`);
    record.speedKmh = number(field.Spd, `${path}.Spd`);
    record.headingDeg = number(field.Head, `${path}.Head`);
    const pdop = number(field.PDOP, `${path}.PDOP`);
    if (pdop !== null) record.hdop = pdop / 10;
  } else if (type === 2) {
    const inputs = number(field.DIn, `${path}.DIn`);
    if (inputs !== null) {
      record.digitalInputs = inputs;
      record.ignition = (inputs & 1) === 1;
    }
  } else if (type === 6) {
    const analogue = field.AnalogueData;
    if (!isObject(analogue))
      throw new PayloadDecodeError(`${path}.AnalogueData`, 'AnalogueData is not an object');
    for (const [channel, value] of Object.entries(analogue)) {
      const reading = number(value, `${path}.AnalogueData.${channel}`) ?? 0;
      record.ioIds.push(`analogue${channel}`);
      record.ioValues.push(reading);
      if (channel === '1') record.batteryV = reading / 1000;
      if (channel === '4') record.gsmLevel = csqBars(reading);
    }
  }
}

export function decodeDigitalMatter(body: unknown, receivedMs: number): TelemetryRecord[] {
  if (!isObject(body)) throw new PayloadDecodeError('body', 'the body is not a JSON object');
  const imei = body.IMEI;
  if (typeof imei !== 'string' || !/^\d{14,17}$/.test(imei))
    throw new PayloadDecodeError('IMEI', 'IMEI is missing or not digits');
  const records = body.Records;
  if (!Array.isArray(records)) throw new PayloadDecodeError('Records', 'Records is not a list');
  if (records.length > MAX_RECORDS)
    throw new PayloadDecodeError('Records', `more than ${MAX_RECORDS} records`);
  return records.map((item, i) => {
    const path = `Records.${i}`;
    if (!isObject(item)) throw new PayloadDecodeError(path, `${path} is not an object`);
    const record = emptyRecord(
      DIGITAL_MATTER_SOURCE,
      imei,
      utcTime(item.DateUTC, `${path}.DateUTC`),
      receivedMs,
    );
    const seqNo = number(item.SeqNo, `${path}.SeqNo`);
    const reason = number(item.Reason, `${path}.Reason`);
    for (const [id, value] of [
      ['seqNo', seqNo],
      ['reason', reason],
    ] as const) {
      if (value === null) continue;
      record.ioIds.push(id);
      record.ioValues.push(value);
    }
    const fields = item.Fields;
    if (!Array.isArray(fields))
      throw new PayloadDecodeError(`${path}.Fields`, 'Fields is not a list');
    fields.forEach((field, j) => {
      if (!isObject(field))
        throw new PayloadDecodeError(`${path}.Fields.${j}`, 'a field is not an object');
      applyField(record, field, `${path}.Fields.${j}`);
    });
    return record;
  });
}
