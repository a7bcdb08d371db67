// The pipeline every adapter feeds: normalised records ─► committed store (idempotent) ─► engine.
import type { Database, Queryable } from '../db/database.ts';
import { rawIo, type TelemetryRecord } from './record.ts';
import { MIN_SATELLITES } from './engine/rules.ts';
import { positionInvalidReason, recordInvalidReason } from './validity.ts';

export interface IngestResult {
  /** Records newly stored. */
  stored: number;
  /** Records already stored before (retransmissions). */
  duplicates: number;
  /** Records stored but flagged as unusable. */
  invalid: number;
}

/** The span of device time a batch added for one source: what the engine must recompute. */
export interface TouchedSpan {
  sourceId: string;
  fromMs: number;
  toMs: number;
}

export type Ingest = (records: TelemetryRecord[]) => Promise<IngestResult>;

export interface IngestOptions {
  now?: () => number;
  /** Called after the batch committed, with what it changed. */
  afterCommit?: (touched: TouchedSpan[]) => Promise<void>;
}

const sourceKey = (type: string, code: string) => `${type}\u0000${code}`;

/** A position the fleet map may show: a valid record's valid position, fixed by enough satellites. */
function usablePosition(record: TelemetryRecord, valid: boolean): boolean {
  return (
    valid &&
    record.latitude !== null &&
    record.longitude !== null &&
    positionInvalidReason(record) === null &&
    (record.satellites === null || record.satellites >= MIN_SATELLITES)
  );
}

interface SourceSpan {
  type: string;
  code: string;
  first: number | null;
  last: number | null;
  /** The batch's latest usable position. */
  position: TelemetryRecord | null;
}

/**
 * Creates unknown sources as unassigned, moves last-seen and the latest position forward, and
 * returns ids by type and code.
 */
async function resolveSources(
  tx: Queryable,
  records: TelemetryRecord[],
  valid: boolean[],
): Promise<Map<string, string>> {
  const spans = new Map<string, SourceSpan>();
  records.forEach((record, i) => {
    const key = sourceKey(record.sourceType, record.sourceCode);
    let span = spans.get(key);
    if (!span) {
      span = {
        type: record.sourceType,
        code: record.sourceCode,
        first: null,
        last: null,
        position: null,
      };
      spans.set(key, span);
    }
    if (valid[i]) {
      span.first = Math.min(span.first ?? Infinity, record.deviceTimeMs);
      span.last = Math.max(span.last ?? -Infinity, record.deviceTimeMs);
    }
    if (
      usablePosition(record, valid[i] ?? false) &&
      (!span.position || record.deviceTimeMs > span.position.deviceTimeMs)
    ) {
      span.position = record;
    }
  });
  const list = [...spans.values()];
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const rows = await tx.query<{ id: string; type: string; code: string }>(
    `INSERT INTO source AS s (type, code, first_seen_at, last_seen_at, last_latitude, last_longitude,
                              last_position_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::float8[],
                          $6::float8[], $7::timestamptz[])
     ON CONFLICT (type, code) DO UPDATE SET
       first_seen_at = least(s.first_seen_at, EXCLUDED.first_seen_at),
       last_seen_at = greatest(s.last_seen_at, EXCLUDED.last_seen_at),
       -- A late record's position does not move the machine back.
       last_latitude = CASE WHEN EXCLUDED.last_position_at > coalesce(s.last_position_at, '-infinity')
                            THEN EXCLUDED.last_latitude ELSE s.last_latitude END,
       last_longitude = CASE WHEN EXCLUDED.last_position_at > coalesce(s.last_position_at, '-infinity')
                             THEN EXCLUDED.last_longitude ELSE s.last_longitude END,
       last_position_at = greatest(s.last_position_at, EXCLUDED.last_position_at)
     RETURNING id, type, code`,
    [
      list.map((s) => s.type),
      list.map((s) => s.code),
      list.map((s) => iso(s.first)),
      list.map((s) => iso(s.last)),
      list.map((s) => s.position?.latitude ?? null),
      list.map((s) => s.position?.longitude ?? null),
      list.map((s) => iso(s.position?.deviceTimeMs ?? null)),
    ],
  );
  return new Map(rows.map((row) => [sourceKey(row.type, row.code), row.id]));
}

type ColumnValue = number | boolean | null;

const RECORD_COLUMNS: readonly (readonly [string, string, (r: TelemetryRecord) => ColumnValue])[] =
  [
    ['latitude', 'float8', (r: TelemetryRecord) => r.latitude],
    ['longitude', 'float8', (r: TelemetryRecord) => r.longitude],
    ['altitude_m', 'float4', (r: TelemetryRecord) => r.altitudeM],
    ['speed_kmh', 'float4', (r: TelemetryRecord) => r.speedKmh],
    ['heading_deg', 'float4', (r: TelemetryRecord) => r.headingDeg],
    ['satellites', 'int2', (r: TelemetryRecord) => r.satellites],
    ['hdop', 'float4', (r: TelemetryRecord) => r.hdop],
    ['ignition', 'bool', (r: TelemetryRecord) => r.ignition],
    ['movement', 'bool', (r: TelemetryRecord) => r.movement],
    ['engine_running', 'bool', (r: TelemetryRecord) => r.engineRunning],
    ['engine_rpm', 'float4', (r: TelemetryRecord) => r.engineRpm],
    ['hour_meter_h', 'float8', (r: TelemetryRecord) => r.hourMeterH],
    ['odometer_m', 'float8', (r: TelemetryRecord) => r.odometerM],
    ['fuel_level_l', 'float4', (r: TelemetryRecord) => r.fuelLevelL],
    ['fuel_level_pct', 'float4', (r: TelemetryRecord) => r.fuelLevelPct],
    ['fuel_used_l', 'float8', (r: TelemetryRecord) => r.fuelUsedL],
    ['fuel_rate_lh', 'float4', (r: TelemetryRecord) => r.fuelRateLh],
    ['external_voltage_v', 'float4', (r: TelemetryRecord) => r.externalVoltageV],
    ['digital_inputs', 'int4', (r: TelemetryRecord) => r.digitalInputs],
    ['activity_level', 'float4', (r: TelemetryRecord) => r.activityLevel],
    ['battery_v', 'float4', (r: TelemetryRecord) => r.batteryV],
    ['temperature_c', 'float4', (r: TelemetryRecord) => r.temperatureC],
    ['operating_hours_h', 'float8', (r: TelemetryRecord) => r.operatingHoursH],
    ['idle_hours_h', 'float8', (r: TelemetryRecord) => r.idleHoursH],
  ];

const INSERT_RECORDS = `
  INSERT INTO telemetry_record (source_id, device_time, received_time, invalid_reason, position_invalid_reason,
    ${RECORD_COLUMNS.map(([name]) => name).join(', ')}, io)
  SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[],
    ${RECORD_COLUMNS.map(([, type], i) => `$${i + 6}::${type}[]`).join(', ')}, $${RECORD_COLUMNS.length + 6}::json[])
  ON CONFLICT (source_id, device_time) DO NOTHING
  RETURNING source_id, device_time`;

/**
 * How many were new, and only when some were not, which: one value to read back rather than one
 * per record, since PGlite turns each value of a result into JavaScript one by one.
 */
const INSERT_RECORDS_COUNTED = `
  WITH stored AS (${INSERT_RECORDS})
  SELECT count(*)::int AS stored,
         CASE WHEN count(*) < $${RECORD_COLUMNS.length + 7} THEN
           string_agg(source_id::text || '|' || (extract(epoch FROM device_time) * 1000)::bigint, ',')
         END AS keys
    FROM stored`;

/** Most records one transaction takes; a larger backlog is committed in several. */
const MAX_GROUP_RECORDS = 5000;

interface Waiting {
  records: TelemetryRecord[];
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

const recordKey = (sourceId: string, timeMs: number) => `${sourceId}|${timeMs}`;
/** The time a record is stored under: a device time that is not a number is kept at 0 (invalid). */
const timeOf = (record: TelemetryRecord) =>
  Number.isFinite(record.deviceTimeMs) ? record.deviceTimeMs : 0;

/**
 * Group commit: batches arriving while a transaction runs are committed together in the next one,
 * so a thousand devices sending at once cost a few transactions, not a thousand. Each caller's
 * promise still settles only after its own records are committed.
 */
export function createIngest(db: Database, options: IngestOptions = {}): Ingest {
  const now = options.now ?? Date.now;
  const waiting: Waiting[] = [];
  let flushing = false;

  async function commit(records: TelemetryRecord[]) {
    const nowMs = now();
    const invalidReasons = records.map((record) => recordInvalidReason(record, nowMs));
    return db.transaction(async (tx) => {
      const sources = await resolveSources(
        tx,
        records,
        invalidReasons.map((reason) => reason === null),
      );
      const sourceIds = records.map(
        (r) => sources.get(sourceKey(r.sourceType, r.sourceCode)) ?? null,
      );
      const params = [
        sourceIds,
        records.map((r) => new Date(timeOf(r)).toISOString()),
        records.map((r) => new Date(r.receivedTimeMs).toISOString()),
        invalidReasons,
        records.map(positionInvalidReason),
        ...RECORD_COLUMNS.map(([, , read]) => records.map((record) => read(record))),
        records.map((r) => (r.ioIds.length ? JSON.stringify(rawIo(r)) : null)),
      ];
      const [result] = await tx.query<{ stored: number; keys: string | null }>(
        INSERT_RECORDS_COUNTED,
        [...params, records.length],
      );
      // All new (the usual case), or exactly the keys the database says it stored.
      const fresh =
        result?.stored === records.length
          ? new Set(records.map((r, i) => recordKey(sourceIds[i] ?? '', timeOf(r))))
          : new Set(result?.keys ? result.keys.split(',') : []);
      return { fresh, sourceIds };
    });
  }

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      // PGlite runs a whole transaction without giving the event loop a turn, so batches that
      // arrive meanwhile wait in the sockets: let every pending read queue its records first.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const group: Waiting[] = [];
      let size = 0;
      while (
        waiting.length > 0 &&
        (group.length === 0 || size + (waiting[0]?.records.length ?? 0) <= MAX_GROUP_RECORDS)
      ) {
        const next = waiting.shift() as Waiting;
        group.push(next);
        size += next.records.length;
      }
      const records = group.flatMap((w) => w.records);
      try {
        const { fresh, sourceIds } = await commit(records);
        const nowMs = now();
        const touched = new Map<string, TouchedSpan>();
        records.forEach((record, i) => {
          const sourceId = sourceIds[i] ?? '';
          const timeMs = timeOf(record);
          if (!fresh.has(recordKey(sourceId, timeMs))) return;
          if (recordInvalidReason(record, nowMs) !== null) return;
          const span = touched.get(sourceId);
          if (!span) touched.set(sourceId, { sourceId, fromMs: timeMs, toMs: timeMs });
          else {
            span.fromMs = Math.min(span.fromMs, timeMs);
            span.toMs = Math.max(span.toMs, timeMs);
          }
        });
        if (options.afterCommit && touched.size > 0)
          await options.afterCommit([...touched.values()]);
        // Each caller learns what became of its own records.
        let offset = 0;
        for (const caller of group) {
          let newlyStored = 0;
          let invalid = 0;
          caller.records.forEach((record, i) => {
            const key = recordKey(sourceIds[offset + i] ?? '', timeOf(record));
            if (fresh.delete(key)) {
              newlyStored++;
              if (recordInvalidReason(record, nowMs) !== null) invalid++;
            }
          });
          offset += caller.records.length;
          caller.resolve({
            stored: newlyStored,
            duplicates: caller.records.length - newlyStored,
            invalid,
          });
        }
      } catch (error) {
        for (const caller of group) caller.reject(error);
      }
    }
    flushing = false;
  }

  return (records) => {
    if (records.length === 0) return Promise.resolve({ stored: 0, duplicates: 0, invalid: 0 });
    return new Promise<IngestResult>((resolve, reject) => {
      waiting.push({ records, resolve, reject });
      if (!flushing) {
        flushing = true;
        void flush();
      }
    });
  };
}

/** Keeps a codec 12 command response with its source. */
export async function storeCommandResponse(
  db: Database,
  type: string,
  code: string,
  response: string,
): Promise<void> {
  await db.query(
    `WITH s AS (
       INSERT INTO source (type, code) VALUES ($1, $2)
       ON CONFLICT (type, code) DO UPDATE SET type = EXCLUDED.type RETURNING id)
     INSERT INTO device_command_response (source_id, response) SELECT id, $3 FROM s`,
    [type, code, response],
  );
}
