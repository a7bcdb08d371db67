// The pipeline every adapter feeds: normalised records ─► committed store (idempotent) ─► engine.
import { batteryStatus, signalBars } from '../../src/domain/devices.ts';
import { encodeBinaryCopy, type CopyColumn } from '../db/binaryCopy.ts';
import type { Database, Queryable } from '../db/database.ts';
import { rawIo, type TelemetryRecord } from './record.ts';
import { MIN_SATELLITES } from './engine/rules.ts';
import { cleanText, sanitiseRecord, storableTime, unstorableReason } from './sanitise.ts';
import { positionInvalidReason, recordInvalidReason } from './validity.ts';

export interface IngestResult {
  /** Records newly stored. */
  stored: number;
  /** Records already stored before (retransmissions). */
  duplicates: number;
  /** Records stored but flagged as unusable. */
  invalid: number;
  /** Records that could not be stored even alone: kept in quarantine, and acknowledged. */
  quarantined: number;
  /** Which of the caller's records were quarantined (index in the caller's list), and why. */
  refused: { index: number; reason: string }[];
  /** Which records were stored without some values no device can report (kept raw in io). */
  setAside: { index: number; fields: string[] }[];
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
  /**
   * Whether a retransmitted record counts as touched too. With a broker, a batch whose hand-off
   * failed was stored but not announced; the device resends it, and only this announces it then.
   */
  touchRetransmissions?: boolean;
  /** Makes the months a batch needs before it is inserted (PostgreSQL's monthly partitions). */
  partitions?: { ensureFor(deviceTimesMs: Iterable<number>): Promise<void> };
  /**
   * How many groups may commit at once, each in its own transaction: 1 for PGlite, whose one
   * connection runs one transaction at a time. On PostgreSQL one group at a time left the
   * processors a third idle, the server waiting for the database and the database for the server.
   */
  concurrentCommits?: number;
  /**
   * How long a group may wait for more records while fewer than a full group wait (0: one turn
   * of the event loop). For one connection committing at a time (PGlite): each device sends its
   * next packet only after its ack, so without a wait every group held the packets that arrived
   * during the previous commit, and small groups stayed small (1,636 commits of 183 records on
   * average for 300,000 records, docs/performance.md).
   */
  gatherMs?: number;
}

const sourceKey = (type: string, code: string) => `${type}\u0000${code}`;

/** A temporary table of these columns, one per connection, emptied by every commit. */
function createStage<Row>(
  name: string,
  columns: readonly (readonly [string, CopyColumn<Row>])[],
): string {
  return `CREATE TEMP TABLE IF NOT EXISTS ${name}
    (${columns.map(([column, { type }]) => `${column} ${type}`).join(', ')}) ON COMMIT DELETE ROWS`;
}

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
  /** The batch's latest operator key, and the first time in the batch that key was reported. */
  driver: { key: string; atMs: number; sinceMs: number } | null;
  /** The batch's latest battery reading and latest signal reading. */
  battery: TelemetryRecord | null;
  signal: TelemetryRecord | null;
  /** The batch's latest tank level and latest fuel counter: the ISO snapshot's fuel readings. */
  fuelLevel: TelemetryRecord | null;
  fuelCounter: TelemetryRecord | null;
}

const newer = (current: TelemetryRecord | null, record: TelemetryRecord) =>
  !current || record.deviceTimeMs > current.deviceTimeMs ? record : current;

/** A batch's news of one source, as it is copied into the source stage. */
const SOURCE_COLUMNS: readonly (readonly [string, CopyColumn<SourceSpan>])[] = [
  ['type', { type: 'text', read: (s) => s.type }],
  ['code', { type: 'text', read: (s) => s.code }],
  ['first_seen_at', { type: 'timestamptz', read: (s) => s.first }],
  ['last_seen_at', { type: 'timestamptz', read: (s) => s.last }],
  ['last_latitude', { type: 'float8', read: (s) => s.position?.latitude ?? null }],
  ['last_longitude', { type: 'float8', read: (s) => s.position?.longitude ?? null }],
  ['last_position_at', { type: 'timestamptz', read: (s) => s.position?.deviceTimeMs ?? null }],
  ['driver_key', { type: 'text', read: (s) => s.driver?.key ?? null }],
  ['driver_key_since', { type: 'timestamptz', read: (s) => s.driver?.sinceMs ?? null }],
  ['driver_key_at', { type: 'timestamptz', read: (s) => s.driver?.atMs ?? null }],
  ['battery_v', { type: 'float4', read: (s) => s.battery?.batteryV ?? null }],
  [
    'battery_status',
    { type: 'text', read: (s) => (s.battery ? batteryStatus(s.type, s.battery.batteryV) : null) },
  ],
  ['battery_at', { type: 'timestamptz', read: (s) => s.battery?.deviceTimeMs ?? null }],
  ['rssi_dbm', { type: 'float4', read: (s) => s.signal?.rssiDbm ?? null }],
  ['snr_db', { type: 'float4', read: (s) => s.signal?.snrDb ?? null }],
  ['gsm_level', { type: 'int2', read: (s) => s.signal?.gsmLevel ?? null }],
  ['signal_bars', { type: 'int2', read: (s) => (s.signal ? signalBars(s.signal) : null) }],
  ['signal_at', { type: 'timestamptz', read: (s) => s.signal?.deviceTimeMs ?? null }],
  ['fuel_level_pct', { type: 'float4', read: (s) => s.fuelLevel?.fuelLevelPct ?? null }],
  ['fuel_level_l', { type: 'float4', read: (s) => s.fuelLevel?.fuelLevelL ?? null }],
  ['fuel_level_at', { type: 'timestamptz', read: (s) => s.fuelLevel?.deviceTimeMs ?? null }],
  ['fuel_used_l', { type: 'float8', read: (s) => s.fuelCounter?.fuelUsedL ?? null }],
  ['fuel_used_at', { type: 'timestamptz', read: (s) => s.fuelCounter?.deviceTimeMs ?? null }],
];
const SOURCE_COLUMN_NAMES = SOURCE_COLUMNS.map(([name]) => name);
const SOURCE_COPY_COLUMNS = SOURCE_COLUMNS.map(([, column]) => column);

/**
 * Where a transaction's sources are copied before the upsert, like the records (below): parsing
 * 18 parameter arrays' text took about a third of the upsert on PGlite (docs/performance.md).
 */
const CREATE_SOURCE_STAGE = createStage('source_stage', SOURCE_COLUMNS);

const UPSERT_SOURCES = `
  INSERT INTO source AS s (${SOURCE_COLUMN_NAMES.join(', ')})
  SELECT ${SOURCE_COLUMN_NAMES.join(', ')} FROM source_stage
  -- In one order in every transaction, so that groups committing at once wait for each other's
  -- sources rather than deadlock.
  ORDER BY type COLLATE "C", code COLLATE "C"
  ON CONFLICT (type, code) DO UPDATE SET
    first_seen_at = least(s.first_seen_at, EXCLUDED.first_seen_at),
    last_seen_at = greatest(s.last_seen_at, EXCLUDED.last_seen_at),
    -- A late record's position does not move the machine back.
    last_latitude = CASE WHEN EXCLUDED.last_position_at > coalesce(s.last_position_at, '-infinity')
                         THEN EXCLUDED.last_latitude ELSE s.last_latitude END,
    last_longitude = CASE WHEN EXCLUDED.last_position_at > coalesce(s.last_position_at, '-infinity')
                          THEN EXCLUDED.last_longitude ELSE s.last_longitude END,
    last_position_at = greatest(s.last_position_at, EXCLUDED.last_position_at),
    -- Likewise the operator's key; the same key again keeps the time it was first reported.
    driver_key = CASE WHEN EXCLUDED.driver_key_at > coalesce(s.driver_key_at, '-infinity')
                      THEN EXCLUDED.driver_key ELSE s.driver_key END,
    driver_key_since = CASE WHEN EXCLUDED.driver_key_at > coalesce(s.driver_key_at, '-infinity')
                                 AND EXCLUDED.driver_key IS DISTINCT FROM s.driver_key
                            THEN EXCLUDED.driver_key_since ELSE s.driver_key_since END,
    driver_key_at = greatest(s.driver_key_at, EXCLUDED.driver_key_at),
    -- Battery and signal: the newest reading wins, as for the position.
    battery_v = CASE WHEN EXCLUDED.battery_at > coalesce(s.battery_at, '-infinity')
                     THEN EXCLUDED.battery_v ELSE s.battery_v END,
    battery_status = CASE WHEN EXCLUDED.battery_at > coalesce(s.battery_at, '-infinity')
                          THEN EXCLUDED.battery_status ELSE s.battery_status END,
    battery_at = greatest(s.battery_at, EXCLUDED.battery_at),
    rssi_dbm = CASE WHEN EXCLUDED.signal_at > coalesce(s.signal_at, '-infinity')
                    THEN EXCLUDED.rssi_dbm ELSE s.rssi_dbm END,
    snr_db = CASE WHEN EXCLUDED.signal_at > coalesce(s.signal_at, '-infinity')
                  THEN EXCLUDED.snr_db ELSE s.snr_db END,
    gsm_level = CASE WHEN EXCLUDED.signal_at > coalesce(s.signal_at, '-infinity')
                     THEN EXCLUDED.gsm_level ELSE s.gsm_level END,
    signal_bars = CASE WHEN EXCLUDED.signal_at > coalesce(s.signal_at, '-infinity')
                       THEN EXCLUDED.signal_bars ELSE s.signal_bars END,
    signal_at = greatest(s.signal_at, EXCLUDED.signal_at),
    fuel_level_pct = CASE WHEN EXCLUDED.fuel_level_at > coalesce(s.fuel_level_at, '-infinity')
                          THEN EXCLUDED.fuel_level_pct ELSE s.fuel_level_pct END,
    fuel_level_l = CASE WHEN EXCLUDED.fuel_level_at > coalesce(s.fuel_level_at, '-infinity')
                        THEN EXCLUDED.fuel_level_l ELSE s.fuel_level_l END,
    fuel_level_at = greatest(s.fuel_level_at, EXCLUDED.fuel_level_at),
    fuel_used_l = CASE WHEN EXCLUDED.fuel_used_at > coalesce(s.fuel_used_at, '-infinity')
                       THEN EXCLUDED.fuel_used_l ELSE s.fuel_used_l END,
    fuel_used_at = greatest(s.fuel_used_at, EXCLUDED.fuel_used_at)
  RETURNING id, type, code`;

/**
 * Creates unknown sources as unassigned, moves last-seen, the latest position, operator key,
 * battery, signal and fuel readings forward, and returns ids by type and code.
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
        driver: null,
        battery: null,
        signal: null,
        fuelLevel: null,
        fuelCounter: null,
      };
      spans.set(key, span);
    }
    if (valid[i] && record.batteryV !== null) span.battery = newer(span.battery, record);
    if (valid[i] && signalBars(record) !== null) span.signal = newer(span.signal, record);
    if (valid[i] && (record.fuelLevelPct !== null || record.fuelLevelL !== null))
      span.fuelLevel = newer(span.fuelLevel, record);
    if (valid[i] && record.fuelUsedL !== null) span.fuelCounter = newer(span.fuelCounter, record);
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
    if (valid[i] && record.driverKey !== null) {
      const at = record.deviceTimeMs;
      const driver = span.driver;
      if (!driver || (driver.key !== record.driverKey && at > driver.atMs))
        span.driver = { key: record.driverKey, atMs: at, sinceMs: at };
      else if (driver.key === record.driverKey) {
        driver.atMs = Math.max(driver.atMs, at);
        driver.sinceMs = Math.min(driver.sinceMs, at);
      }
    }
  });
  await tx.exec(CREATE_SOURCE_STAGE);
  await tx.copyFrom(
    'source_stage',
    SOURCE_COLUMN_NAMES,
    encodeBinaryCopy(SOURCE_COPY_COLUMNS, [...spans.values()]),
  );
  const rows = await tx.query<{ id: string; type: string; code: string }>(UPSERT_SOURCES);
  return new Map(rows.map((row) => [sourceKey(row.type, row.code), row.id]));
}

/** A record with its source's id, as it is copied into the stage. */
interface StagedRecord {
  record: TelemetryRecord;
  sourceId: string | null;
  invalidReason: string | null;
}

const STAGED_COLUMNS: readonly (readonly [string, CopyColumn<StagedRecord>])[] = [
  ['source_id', { type: 'uuid', read: (s) => s.sourceId }],
  ['device_time', { type: 'timestamptz', read: (s) => timeOf(s.record) }],
  ['received_time', { type: 'timestamptz', read: (s) => s.record.receivedTimeMs }],
  ['invalid_reason', { type: 'text', read: (s) => s.invalidReason }],
  ['position_invalid_reason', { type: 'text', read: (s) => positionInvalidReason(s.record) }],
  ['latitude', { type: 'float8', read: (s) => s.record.latitude }],
  ['longitude', { type: 'float8', read: (s) => s.record.longitude }],
  ['altitude_m', { type: 'float4', read: (s) => s.record.altitudeM }],
  ['speed_kmh', { type: 'float4', read: (s) => s.record.speedKmh }],
  ['heading_deg', { type: 'float4', read: (s) => s.record.headingDeg }],
  ['satellites', { type: 'int2', read: (s) => s.record.satellites }],
  ['hdop', { type: 'float4', read: (s) => s.record.hdop }],
  ['ignition', { type: 'bool', read: (s) => s.record.ignition }],
  ['movement', { type: 'bool', read: (s) => s.record.movement }],
  ['engine_running', { type: 'bool', read: (s) => s.record.engineRunning }],
  ['engine_rpm', { type: 'float4', read: (s) => s.record.engineRpm }],
  ['hour_meter_h', { type: 'float8', read: (s) => s.record.hourMeterH }],
  ['odometer_m', { type: 'float8', read: (s) => s.record.odometerM }],
  ['fuel_level_l', { type: 'float4', read: (s) => s.record.fuelLevelL }],
  ['fuel_level_pct', { type: 'float4', read: (s) => s.record.fuelLevelPct }],
  ['fuel_used_l', { type: 'float8', read: (s) => s.record.fuelUsedL }],
  ['fuel_rate_lh', { type: 'float4', read: (s) => s.record.fuelRateLh }],
  ['external_voltage_v', { type: 'float4', read: (s) => s.record.externalVoltageV }],
  ['digital_inputs', { type: 'int4', read: (s) => s.record.digitalInputs }],
  ['activity_level', { type: 'float4', read: (s) => s.record.activityLevel }],
  ['battery_v', { type: 'float4', read: (s) => s.record.batteryV }],
  ['temperature_c', { type: 'float4', read: (s) => s.record.temperatureC }],
  ['rssi_dbm', { type: 'float4', read: (s) => s.record.rssiDbm }],
  ['snr_db', { type: 'float4', read: (s) => s.record.snrDb }],
  ['gsm_level', { type: 'int2', read: (s) => s.record.gsmLevel }],
  ['signal_bars', { type: 'int2', read: (s) => signalBars(s.record) }],
  ['operating_hours_h', { type: 'float8', read: (s) => s.record.operatingHoursH }],
  ['idle_hours_h', { type: 'float8', read: (s) => s.record.idleHoursH }],
  [
    'io',
    { type: 'json', read: (s) => (s.record.ioIds.length ? JSON.stringify(rawIo(s.record)) : null) },
  ],
];
const STAGED_COLUMN_NAMES = STAGED_COLUMNS.map(([name]) => name);
const STAGED_COPY_COLUMNS = STAGED_COLUMNS.map(([, column]) => column);

/**
 * Where a transaction's records are copied before they are inserted: COPY cannot skip a
 * retransmission, INSERT … ON CONFLICT can. One per connection, emptied by every commit. Its
 * columns are the copied ones, not `LIKE telemetry_record`, so a migration of the table cannot
 * leave a connection's stage behind.
 */
const CREATE_STAGE = createStage('telemetry_stage', STAGED_COLUMNS);

const INSERT_RECORDS = `
  INSERT INTO telemetry_record (${STAGED_COLUMN_NAMES.join(', ')})
  SELECT ${STAGED_COLUMN_NAMES.join(', ')} FROM telemetry_stage
  ON CONFLICT (source_id, device_time) DO NOTHING
  RETURNING source_id, device_time, invalid_reason, battery_v, signal_bars`;

/**
 * Each source's health per UTC day, summed from the records this statement newly stored (so a
 * retransmission is not counted twice), in the same transaction as the records.
 */
const ADD_HEALTH_DAYS = `
  INSERT INTO source_health_day AS h (source_id, day, records, battery_min_v, battery_max_v,
                                      bars_sum, bars_records)
  SELECT source_id, (device_time AT TIME ZONE 'UTC')::date, count(*), min(battery_v), max(battery_v),
         coalesce(sum(signal_bars), 0), count(signal_bars)
    FROM stored WHERE invalid_reason IS NULL
   GROUP BY 1, 2
   -- One order for every transaction: groups committing at once then wait, never deadlock.
   ORDER BY 1, 2
  ON CONFLICT (source_id, day) DO UPDATE SET
    records = h.records + EXCLUDED.records,
    battery_min_v = least(h.battery_min_v, EXCLUDED.battery_min_v),
    battery_max_v = greatest(h.battery_max_v, EXCLUDED.battery_max_v),
    bars_sum = h.bars_sum + EXCLUDED.bars_sum,
    bars_records = h.bars_records + EXCLUDED.bars_records`;

/**
 * How many were new, and only when some were not, which: one value to read back rather than one
 * per record, since PGlite turns each value of a result into JavaScript one by one.
 */
const INSERT_RECORDS_COUNTED = `
  WITH stored AS (${INSERT_RECORDS}), health AS (${ADD_HEALTH_DAYS})
  SELECT count(*)::int AS stored,
         CASE WHEN count(*) < $1 THEN
           string_agg(source_id::text || '|' || (extract(epoch FROM device_time) * 1000)::bigint, ',')
         END AS keys
    FROM stored`;

/** Most records one transaction takes; a larger backlog is committed in several. */
const MAX_GROUP_RECORDS = 5000;

interface Waiting {
  records: TelemetryRecord[];
  /** Per record, the fields set aside as impossible before it was queued. */
  setAside: string[][];
  resolve: (result: IngestResult) => void;
  reject: (error: unknown) => void;
}

/** What one attempt to store a list of records came to, record by record. */
interface Outcome {
  /** Keys of the records newly stored. */
  fresh: Set<string>;
  /** The source id of each record (null when it was quarantined before its source was known). */
  sourceIds: (string | null)[];
  /** Index of each quarantined record in the list, with why. */
  quarantined: Map<number, string>;
}

const recordKey = (sourceId: string, timeMs: number) => `${sourceId}|${timeMs}`;
/** The time a record is stored under: a time the store cannot hold is kept at 0 (and invalid). */
const timeOf = (record: TelemetryRecord) =>
  storableTime(record.deviceTimeMs) ? record.deviceTimeMs : 0;

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Group commit: batches arriving while a transaction runs are committed together in the next one,
 * so a thousand devices sending at once cost a few transactions, not a thousand. Each caller's
 * promise still settles only after its own records are committed. A group that fails is split so
 * only the guilty caller is refused, and that caller's records are bisected so only a record that
 * cannot be stored even alone is set apart (quarantined, and acknowledged like the rest).
 */
// eslint-disable-next-line max-lines-per-function -- The group commit's closure: the queue, the group's transaction and the bisecting retry share its state.
export function createIngest(db: Database, options: IngestOptions = {}): Ingest {
  const now = options.now ?? Date.now;
  const waiting: Waiting[] = [];

  async function commit(records: TelemetryRecord[]): Promise<Outcome> {
    const nowMs = now();
    const invalidReasons = records.map((record) => recordInvalidReason(record, nowMs));
    await options.partitions?.ensureFor(
      records.flatMap((record, i) => (invalidReasons[i] === null ? [timeOf(record)] : [])),
    );
    return db.transaction(async (tx) => {
      const sources = await resolveSources(
        tx,
        records,
        invalidReasons.map((reason) => reason === null),
      );
      const sourceIds = records.map(
        (r) => sources.get(sourceKey(r.sourceType, r.sourceCode)) ?? null,
      );
      await tx.exec(CREATE_STAGE);
      await tx.copyFrom(
        'telemetry_stage',
        STAGED_COLUMN_NAMES,
        encodeBinaryCopy(
          STAGED_COPY_COLUMNS,
          records.map((record, i) => ({
            record,
            sourceId: sourceIds[i] ?? null,
            invalidReason: invalidReasons[i] ?? null,
          })),
        ),
      );
      const [result] = await tx.query<{ stored: number; keys: string | null }>(
        INSERT_RECORDS_COUNTED,
        [records.length],
      );
      // All new (the usual case), or exactly the keys the database says it stored.
      const fresh =
        result?.stored === records.length
          ? new Set(records.map((r, i) => recordKey(sourceIds[i] ?? '', timeOf(r))))
          : new Set(result?.keys ? result.keys.split(',') : []);
      return { fresh, sourceIds, quarantined: new Map() };
    });
  }

  /** Stores what can be stored of records whose commit failed, quarantining each that cannot. */
  async function salvage(records: TelemetryRecord[], offset: number): Promise<Outcome> {
    if (records.length === 1) {
      const record = records[0] as TelemetryRecord;
      let reason = unstorableReason(record);
      if (reason === null) {
        try {
          return await commit(records);
        } catch (error) {
          reason = messageOf(error);
        }
      }
      await quarantine(db, record, reason);
      return { fresh: new Set(), sourceIds: [null], quarantined: new Map([[offset, reason]]) };
    }
    const half = Math.ceil(records.length / 2);
    const merged: Outcome = { fresh: new Set(), sourceIds: [], quarantined: new Map() };
    for (const [start, part] of [
      [offset, records.slice(0, half)],
      [offset + half, records.slice(half)],
    ] as const) {
      const outcome = await commit(part).catch(() => salvage(part, start));
      outcome.fresh.forEach((key) => merged.fresh.add(key));
      merged.sourceIds.push(...outcome.sourceIds);
      outcome.quarantined.forEach((reason, index) => merged.quarantined.set(index, reason));
    }
    return merged;
  }

  /** Commits a group's records and settles every caller in it with what became of its own. */
  async function settle(group: Waiting[]): Promise<void> {
    const records = group.flatMap((w) => w.records);
    let outcome: Outcome;
    try {
      outcome = await commit(records);
    } catch {
      if (group.length > 1) {
        // One caller's record poisoned the shared transaction: each caller on its own.
        for (const caller of group) await settle([caller]);
        return;
      }
      const caller = group[0] as Waiting;
      try {
        // A database that is down is no reason to quarantine: refuse, and the device resends.
        await db.query('SELECT 1');
        outcome = await salvage(records, 0);
      } catch (fatal) {
        caller.reject(fatal);
        return;
      }
    }
    const nowMs = now();
    const touched = new Map<string, TouchedSpan>();
    records.forEach((record, i) => {
      const sourceId = outcome.sourceIds[i];
      const timeMs = timeOf(record);
      if (!sourceId) return;
      if (!options.touchRetransmissions && !outcome.fresh.has(recordKey(sourceId, timeMs))) return;
      if (recordInvalidReason(record, nowMs) !== null) return;
      const span = touched.get(sourceId);
      if (!span) touched.set(sourceId, { sourceId, fromMs: timeMs, toMs: timeMs });
      else {
        span.fromMs = Math.min(span.fromMs, timeMs);
        span.toMs = Math.max(span.toMs, timeMs);
      }
    });
    try {
      if (options.afterCommit && touched.size > 0) await options.afterCommit([...touched.values()]);
    } catch (error) {
      for (const caller of group) caller.reject(error);
      return;
    }
    // Each caller learns what became of its own records.
    let offset = 0;
    for (const caller of group) {
      const result = emptyResult();
      caller.records.forEach((record, i) => {
        const reason = outcome.quarantined.get(offset + i);
        if (reason !== undefined) {
          result.quarantined++;
          result.refused.push({ index: i, reason });
          return;
        }
        const fields = caller.setAside[i] ?? [];
        if (fields.length > 0) result.setAside.push({ index: i, fields });
        const key = recordKey(outcome.sourceIds[offset + i] ?? '', timeOf(record));
        if (outcome.fresh.delete(key)) {
          result.stored++;
          if (recordInvalidReason(record, nowMs) !== null) result.invalid++;
        } else result.duplicates++;
      });
      offset += caller.records.length;
      caller.resolve(result);
    }
  }

  const concurrentCommits = Math.max(1, options.concurrentCommits ?? 1);
  const gatherMs = options.gatherMs ?? 0;
  let committing = 0;
  let gathering = false;

  /** Starts groups while fewer than `concurrentCommits` are committing and callers wait. */
  function pump(): void {
    if (gathering || waiting.length === 0 || committing >= concurrentCommits) return;
    gathering = true;
    // PGlite runs a whole transaction without giving the event loop a turn, so batches that
    // arrive meanwhile wait in the sockets: let every pending read queue its records first.
    const full = waiting.reduce((sum, w) => sum + w.records.length, 0) >= MAX_GROUP_RECORDS;
    const gather = (then: () => void) =>
      gatherMs > 0 && !full ? setTimeout(then, gatherMs) : setImmediate(then);
    gather(() => {
      gathering = false;
      if (waiting.length === 0 || committing >= concurrentCommits) return;
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
      committing++;
      void settle(group)
        .catch((error: unknown) => {
          for (const caller of group) caller.reject(error);
        })
        .finally(() => {
          committing--;
          pump();
        });
      pump();
    });
  }

  return (records) => {
    if (records.length === 0) return Promise.resolve(emptyResult());
    // Checked here, before the records can share a transaction with anyone else's.
    const setAside = records.map(sanitiseRecord);
    return new Promise<IngestResult>((resolve, reject) => {
      waiting.push({ records, setAside, resolve, reject });
      pump();
    });
  };
}

const emptyResult = (): IngestResult => ({
  stored: 0,
  duplicates: 0,
  invalid: 0,
  quarantined: 0,
  refused: [],
  setAside: [],
});

/** Keeps a record that cannot be stored, with why, for staff; its text is cleaned so this cannot fail. */
async function quarantine(db: Database, record: TelemetryRecord, reason: string): Promise<void> {
  await db.query(
    `INSERT INTO ingest_quarantine (source_type, source_code, reason, record) VALUES ($1, $2, $3, $4)`,
    [
      cleanText(String(record.sourceType), 200),
      cleanText(String(record.sourceCode), 200),
      cleanText(reason, 500),
      JSON.stringify(record, (_key, value: unknown) =>
        typeof value === 'string'
          ? cleanText(value, 1000)
          : typeof value === 'number' && !Number.isFinite(value)
            ? String(value)
            : value,
      ),
    ],
  );
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
