// What chosen devices sent over a range, exactly as stored: Teltonika records with every IO
// element by name, LoRaWAN uplinks with their payload, frame counter and receptions, and the
// generic JSON ingest's requests. Ranges and pages are capped (DeviceDebugQuery) so a chatty
// device cannot hold the server.
import {
  DEBUG_DEVICES_MAX,
  DEBUG_RANGE_MAX_DAYS,
  type DeviceDebugQuery,
  type IngestRequestsReply,
  type LoraUplinksReply,
  type TeltonikaRecordsReply,
} from '../../../src/domain/api/admin.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { IO_NAMES } from '../../telemetry/adapters/teltonika/ioElements.ts';
import { frameGaps } from './frameGaps.ts';

const DAY_MS = 86_400_000;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface DebugRange {
  codes: string[];
  from: Date;
  to: Date;
  offset: number;
  limit: number;
}

/** The query's devices and range, checked: 400 naming the field otherwise. */
export function readDebugRange(query: DeviceDebugQuery): DebugRange {
  const codes = [
    ...new Set(
      query.deviceIds
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0) throw badRequest('deviceIds', 'deviceIds names no device');
  if (codes.length > DEBUG_DEVICES_MAX)
    throw badRequest('deviceIds', `deviceIds may name at most ${DEBUG_DEVICES_MAX} devices`);
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest('to', 'to must be after from');
  if (to.getTime() - from.getTime() > DEBUG_RANGE_MAX_DAYS * DAY_MS)
    throw badRequest('to', `a range may span at most ${DEBUG_RANGE_MAX_DAYS} days`);
  return { codes, from, to, offset: query.offset ?? 0, limit: query.limit ?? 200 };
}

interface Source {
  id: string;
  code: string;
  type: string;
}

/** The sources of these codes (of one type, when given), and the codes that match none. */
async function sourcesOf(
  db: Queryable,
  codes: string[],
  type: string | null,
): Promise<{ sources: Source[]; unknown: string[] }> {
  const sources = await db.query<Source>(
    `SELECT id, code, type FROM source
      WHERE upper(code) = ANY($1::text[]) AND ($2::text IS NULL OR type = $2)`,
    [codes.map((code) => code.toUpperCase()), type],
  );
  const known = new Set(sources.map((source) => source.code.toUpperCase()));
  return { sources, unknown: codes.filter((code) => !known.has(code.toUpperCase())) };
}

const ioList = (io: Record<string, number | string> | null, names: ReadonlyMap<string, string>) =>
  Object.entries(io ?? {}).map(([id, value]) => ({ id, name: names.get(id) ?? null, value }));

export async function teltonikaRecords(
  db: Queryable,
  range: DebugRange,
): Promise<TeltonikaRecordsReply> {
  const { sources, unknown } = await sourcesOf(db, range.codes, 'TELTONIKA');
  const ids = sources.map((source) => source.id);
  const params = [ids, range.from, range.to];
  const [rows, [count]] = await Promise.all([
    db.query<{
      code: string;
      device_time: Date;
      received_time: Date;
      latitude: number | null;
      longitude: number | null;
      altitude_m: number | null;
      satellites: number | null;
      speed_kmh: number | null;
      heading_deg: number | null;
      io: Record<string, number | string> | null;
      invalid_reason: string | null;
      position_invalid_reason: string | null;
    }>(
      `SELECT s.code, r.device_time, r.received_time, r.latitude, r.longitude, r.altitude_m,
              r.satellites, r.speed_kmh, r.heading_deg, r.io, r.invalid_reason, r.position_invalid_reason
         FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE r.source_id = ANY($1::uuid[]) AND r.device_time >= $2 AND r.device_time < $3
        ORDER BY r.device_time, s.code LIMIT $4 OFFSET $5`,
      [...params, range.limit, range.offset],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM telemetry_record
        WHERE source_id = ANY($1::uuid[]) AND device_time >= $2 AND device_time < $3`,
      params,
    ),
  ]);
  return {
    records: rows.map((row) => ({
      deviceId: row.code,
      deviceTime: row.device_time.toISOString(),
      receivedTime: row.received_time.toISOString(),
      latitude: row.latitude,
      longitude: row.longitude,
      altitudeM: row.altitude_m,
      satellites: row.satellites,
      speedKmh: row.speed_kmh,
      headingDeg: row.heading_deg,
      io: ioList(row.io, IO_NAMES),
      invalidReason: row.invalid_reason,
      positionInvalidReason: row.position_invalid_reason,
    })),
    total: count?.total ?? 0,
    unknownDevices: unknown,
  };
}

const LORA_MAPPED = new Set(['fCnt', 'payloadHex']);
const asInteger = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

export async function loraUplinks(db: Queryable, range: DebugRange): Promise<LoraUplinksReply> {
  const { sources, unknown } = await sourcesOf(db, range.codes, 'LORA');
  const ids = sources.map((source) => source.id);
  const params = [ids, range.from, range.to];
  const [rows, counters] = await Promise.all([
    db.query<{
      source_id: string;
      code: string;
      device_time: Date;
      received_time: Date;
      activity_level: number | null;
      battery_v: number | null;
      temperature_c: number | null;
      io: Record<string, number | string> | null;
      receptions:
        | {
            gatewayId: string;
            gatewayEui: string;
            gatewayName: string | null;
            rssiDbm: number | null;
            snrDb: number | null;
          }[]
        | null;
    }>(
      `SELECT r.source_id, s.code, r.device_time, r.received_time, r.activity_level, r.battery_v,
              r.temperature_c, r.io,
              (SELECT json_agg(json_build_object('gatewayId', g.id, 'gatewayEui', g.eui,
                        'gatewayName', g.name, 'rssiDbm', gr.rssi_dbm, 'snrDb', gr.snr_db)
                        ORDER BY gr.rssi_dbm DESC)
                 FROM gateway_reception gr JOIN gateway g ON g.id = gr.gateway_id
                WHERE gr.source_id = r.source_id AND gr.device_time = r.device_time) AS receptions
         FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE r.source_id = ANY($1::uuid[]) AND r.device_time >= $2 AND r.device_time < $3
        ORDER BY r.device_time, s.code LIMIT $4 OFFSET $5`,
      [...params, range.limit, range.offset],
    ),
    // Every uplink's counter over the range, for the gaps: a few numbers a row.
    db.query<{ code: string; device_time: Date; f_cnt: number | null }>(
      `SELECT s.code, r.device_time, (r.io->>'fCnt')::bigint::int AS f_cnt
         FROM telemetry_record r JOIN source s ON s.id = r.source_id
        WHERE r.source_id = ANY($1::uuid[]) AND r.device_time >= $2 AND r.device_time < $3
        ORDER BY s.code, r.device_time`,
      params,
    ),
  ]);
  const gaps = frameGaps(
    counters.map((row) => ({
      deviceId: row.code,
      timeMs: row.device_time.getTime(),
      fCnt: row.f_cnt,
    })),
  );
  const lostBefore = new Map(gaps.map((gap) => [`${gap.deviceId}|${gap.toMs}`, gap.lost]));
  const devices = sources.map((source) => {
    const uplinks = counters.filter((row) => row.code === source.code).length;
    const lost = gaps
      .filter((gap) => gap.deviceId === source.code)
      .reduce((sum, gap) => sum + gap.lost, 0);
    return {
      deviceId: source.code,
      uplinks,
      lost,
      deliveryPct: uplinks + lost > 0 ? (uplinks / (uplinks + lost)) * 100 : null,
    };
  });
  return {
    uplinks: rows.map((row) => ({
      deviceId: row.code,
      deviceTime: row.device_time.toISOString(),
      receivedTime: row.received_time.toISOString(),
      fCnt: asInteger(row.io?.fCnt),
      payloadHex: typeof row.io?.payloadHex === 'string' ? row.io.payloadHex : null,
      activityLevel: row.activity_level,
      batteryV: row.battery_v,
      temperatureC: row.temperature_c,
      decoded: ioList(row.io, new Map()).filter((value) => !LORA_MAPPED.has(value.id)),
      receptions: row.receptions ?? [],
      lostBefore: lostBefore.get(`${row.code}|${row.device_time.getTime()}`) ?? 0,
    })),
    total: counters.length,
    unknownDevices: unknown,
    gaps: gaps.map((gap) => ({
      deviceId: gap.deviceId,
      afterFCnt: gap.afterFCnt,
      beforeFCnt: gap.beforeFCnt,
      lost: gap.lost,
      from: new Date(gap.fromMs).toISOString(),
      to: new Date(gap.toMs).toISOString(),
    })),
    devices,
  };
}

export async function ingestRequests(
  db: Queryable,
  range: DebugRange,
): Promise<IngestRequestsReply> {
  const { sources, unknown } = await sourcesOf(db, range.codes, null);
  const params = [sources.map((source) => source.id), range.from, range.to];
  const [rows, [count], keys] = await Promise.all([
    db.query<{
      id: string;
      code: string;
      type: string;
      received_at: Date;
      address: string | null;
      status: number;
      body: unknown;
      body_truncated: boolean;
      stored: number;
      duplicates: number;
      invalid: number;
      quarantined: number;
      refused: { index: number; reason: string }[];
      error: string | null;
    }>(
      `SELECT q.id::text, s.code, s.type, q.received_at, q.address, q.status, q.body, q.body_truncated,
              q.stored, q.duplicates, q.invalid, q.quarantined, q.refused, q.error
         FROM ingest_request q JOIN source s ON s.id = q.source_id
        WHERE q.source_id = ANY($1::uuid[]) AND q.received_at >= $2 AND q.received_at < $3
        ORDER BY q.received_at DESC, q.id DESC LIMIT $4 OFFSET $5`,
      [...params, range.limit, range.offset],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ingest_request
        WHERE source_id = ANY($1::uuid[]) AND received_at >= $2 AND received_at < $3`,
      params,
    ),
    db.query<{ id: string; has_key: boolean; machine_name: string | null }>(
      `SELECT s.id, s.api_key_hash IS NOT NULL AS has_key, m.name AS machine_name
         FROM source s LEFT JOIN machine m ON m.id = s.machine_id WHERE s.id = ANY($1::uuid[])`,
      [params[0] as string[]],
    ),
  ]);
  const keyOf = new Map(keys.map((row) => [row.id, row]));
  return {
    requests: rows.map((row) => ({
      id: row.id,
      deviceId: row.code,
      sourceType: row.type,
      receivedAt: row.received_at.toISOString(),
      address: row.address,
      status: row.status,
      body: row.body,
      bodyTruncated: row.body_truncated,
      stored: row.stored,
      duplicates: row.duplicates,
      invalid: row.invalid,
      quarantined: row.quarantined,
      refused: row.refused,
      error: row.error,
    })),
    total: count?.total ?? 0,
    unknownDevices: unknown,
    sources: sources.map((source) => ({
      sourceId: source.id,
      deviceId: source.code,
      sourceType: source.type,
      hasKey: keyOf.get(source.id)?.has_key ?? false,
      machineName: keyOf.get(source.id)?.machine_name ?? null,
    })),
  };
}

/** The command replies a device sent, newest first, over the range. */
export async function commandResponses(db: Queryable, range: DebugRange) {
  const { sources } = await sourcesOf(db, range.codes, 'TELTONIKA');
  const rows = await db.query<{ code: string; received_time: Date; response: string }>(
    `SELECT s.code, c.received_time, c.response
       FROM device_command_response c JOIN source s ON s.id = c.source_id
      WHERE c.source_id = ANY($1::uuid[]) AND c.received_time >= $2 AND c.received_time < $3
      ORDER BY c.received_time DESC LIMIT $4 OFFSET $5`,
    [sources.map((source) => source.id), range.from, range.to, range.limit, range.offset],
  );
  return {
    responses: rows.map((row) => ({
      deviceId: row.code,
      receivedTime: iso(row.received_time) as string,
      response: row.response,
    })),
  };
}
