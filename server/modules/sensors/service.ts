// An organisation's sources with their health: on its machines, or spare (taken off a machine),
// each with its status by the clock, battery by the device's own thresholds, and signal in bars.
import {
  SENSOR_TREND_DAYS,
  type SensorDashboardReply,
  type SensorListFilter,
  type SensorRecord,
} from '../../../src/domain/api/sensors.ts';
import {
  BATTERY_STATUSES,
  BATTERY_THRESHOLDS_V,
  SIGNAL_STATUS_BARS,
  SIGNAL_STATUSES,
  SOURCE_STATUSES,
  signalStatus,
  sourceStatus,
} from '../../../src/domain/devices.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../httpError.ts';
import { pageInMemory, type ListParams } from '../../simpleRest.ts';

/** Device protocols the server speaks itself; any other source type is an OEM feed (spec point 3). */
const TELEMATICS_TYPES = ['TELTONIKA', 'CELLULAR', 'LORA', 'DIGITALMATTER', 'PLINX'];

interface SourceRow {
  id: string;
  type: string;
  code: string;
  short_code: string | null;
  machine_id: string | null;
  machine_name: string | null;
  machine_asset_id: string | null;
  equipment_asset_id: string | null;
  equipment_asset_name: string | null;
  first_seen_at: Date | null;
  last_seen_at: Date | null;
  out_of_service_at: Date | null;
  expected_interval_s: number;
  expected_interval_off_s: number;
  battery_v: number | null;
  battery_status: SensorRecord['batteryStatus'];
  battery_at: Date | null;
  signal_bars: number | null;
  rssi_dbm: number | null;
  snr_db: number | null;
  gsm_level: number | null;
  signal_at: Date | null;
}

/**
 * The organisation's sources: on a machine it owns, on one of its equipment assets, or spare in its
 * hands. $1 the organisation.
 */
const ORGANISATION_SOURCES = `
  SELECT s.id, s.type, s.code, s.short_code, m.id AS machine_id, m.name AS machine_name,
         m.asset_id AS machine_asset_id, a.id AS equipment_asset_id, a.name AS equipment_asset_name,
         s.first_seen_at, s.last_seen_at, s.out_of_service_at,
         s.expected_interval_s, s.expected_interval_off_s, s.battery_v, s.battery_status, s.battery_at,
         s.signal_bars, s.rssi_dbm, s.snr_db, s.gsm_level, s.signal_at
    FROM source s
    LEFT JOIN machine m ON m.id = s.machine_id
    LEFT JOIN equipment_asset a ON a.id = s.equipment_asset_id
   WHERE coalesce(m.organisation_id, s.organisation_id) = $1`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toRecord(row: SourceRow, nowMs: number): SensorRecord {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    shortCode: row.short_code,
    oem: !TELEMATICS_TYPES.includes(row.type),
    machineId: row.machine_id,
    machineName: row.machine_name,
    machineAssetId: row.machine_asset_id,
    equipmentAssetId: row.equipment_asset_id,
    equipmentAssetName: row.equipment_asset_name,
    firstSeenAt: iso(row.first_seen_at),
    lastSeenAt: iso(row.last_seen_at),
    status: sourceStatus(
      {
        lastSeenAtMs: row.last_seen_at?.getTime() ?? null,
        expectedIntervalS: row.expected_interval_s,
        expectedIntervalOffS: row.expected_interval_off_s,
        outOfService: row.out_of_service_at !== null,
      },
      nowMs,
    ),
    outOfServiceAt: iso(row.out_of_service_at),
    expectedIntervalS: row.expected_interval_s,
    batteryV: row.battery_v === null ? null : Math.round(row.battery_v * 1000) / 1000,
    batteryStatus: row.battery_status,
    batteryAt: iso(row.battery_at),
    signalBars: row.signal_bars,
    signalStatus: signalStatus(row.signal_bars),
    rssiDbm: row.rssi_dbm,
    snrDb: row.snr_db,
    gsmLevel: row.gsm_level,
    signalAt: iso(row.signal_at),
  };
}

/** Every source of the organisation (or the one with this id), with its health now. */
export async function organisationSensors(
  db: Queryable,
  organisationId: string,
  id?: string,
): Promise<SensorRecord[]> {
  const rows = await db.query<SourceRow>(
    id ? `${ORGANISATION_SOURCES} AND s.id = $2` : ORGANISATION_SOURCES,
    id ? [organisationId, id] : [organisationId],
  );
  const nowMs = Date.now();
  return rows.map((row) => toRecord(row, nowMs));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  list.includes(value as T);

/** The list's `filter`, each key checked and named when wrong. */
export function readSensorFilter(filter: Record<string, unknown>): SensorListFilter {
  const out: SensorListFilter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'q' && typeof value === 'string' && value.length <= 100) out.q = value;
    else if (key === 'type' && typeof value === 'string' && value.length <= 64) out.type = value;
    else if (key === 'status' && oneOf(SOURCE_STATUSES, value)) out.status = value;
    else if (key === 'batteryStatus' && oneOf(BATTERY_STATUSES, value)) out.batteryStatus = value;
    else if (key === 'signalStatus' && oneOf(SIGNAL_STATUSES, value)) out.signalStatus = value;
    else if (key === 'assigned' && typeof value === 'boolean') out.assigned = value;
    else if (key === 'machineId' && typeof value === 'string' && UUID.test(value))
      out.machineId = value;
    else throw badRequest(`filter.${key}`, `filter.${key} is not a valid value or not a filter`);
  }
  return out;
}

const isSpare = (sensor: SensorRecord) =>
  sensor.machineId === null && sensor.equipmentAssetId === null;

function matches(sensor: SensorRecord, filter: SensorListFilter): boolean {
  const q = filter.q?.trim().toLowerCase();
  if (
    q &&
    ![
      sensor.code,
      sensor.shortCode,
      sensor.machineName,
      sensor.machineAssetId,
      sensor.equipmentAssetName,
      sensor.type,
    ].some((text) => text?.toLowerCase().includes(q))
  )
    return false;
  if (filter.type && sensor.type !== filter.type) return false;
  if (filter.status && sensor.status !== filter.status) return false;
  if (filter.batteryStatus && sensor.batteryStatus !== filter.batteryStatus) return false;
  if (filter.signalStatus && sensor.signalStatus !== filter.signalStatus) return false;
  if (filter.assigned !== undefined && !isSpare(sensor) !== filter.assigned) return false;
  if (filter.machineId && sensor.machineId !== filter.machineId) return false;
  return true;
}

const SORTS: Record<string, (s: SensorRecord) => string | number> = {
  code: (s) => s.code,
  type: (s) => s.type,
  machineName: (s) => (s.machineName ?? s.equipmentAssetName ?? '').toLowerCase(),
  lastSeenAt: (s) => s.lastSeenAt ?? '',
  status: (s) => SOURCE_STATUSES.indexOf(s.status),
  batteryV: (s) => s.batteryV ?? Number.POSITIVE_INFINITY,
  signalBars: (s) => s.signalBars ?? Number.POSITIVE_INFINITY,
};

/** Sorted and paged; the status follows the clock, so it is worked out per request. */
export async function listSensors(
  db: Queryable,
  organisationId: string,
  filter: SensorListFilter,
  page: Pick<ListParams<string>, 'sort' | 'order' | 'offset' | 'limit'>,
): Promise<{ sensors: SensorRecord[]; total: number }> {
  const all = (await organisationSensors(db, organisationId)).filter((s) => matches(s, filter));
  const { rows: sensors, total } = pageInMemory(all, SORTS, page, 'code', (a, b) =>
    a.code.localeCompare(b.code),
  );
  return { sensors, total };
}

/** What is wrong with a device, most serious first; empty when nothing is. */
export function problemsOf(sensor: SensorRecord): string[] {
  if (sensor.status === 'outOfService') return [];
  const problems: string[] = [];
  if (sensor.status === 'silent' || sensor.status === 'late' || sensor.status === 'never')
    problems.push(sensor.status);
  if (sensor.batteryStatus === 'critical' || sensor.batteryStatus === 'low')
    problems.push(`${sensor.batteryStatus}Battery`);
  if (sensor.signalStatus === 'weak') problems.push('weakSignal');
  return problems;
}

const SEVERITY: Record<string, number> = {
  silent: 5,
  criticalBattery: 4,
  late: 3,
  lowBattery: 2,
  weakSignal: 2,
  never: 1,
};
const WORST_SHOWN = 10;

/** The fleet's device health at a glance: counts, the worst devices, and the last days' trend. */
export async function sensorDashboard(
  db: Queryable,
  organisationId: string,
): Promise<SensorDashboardReply> {
  const sensors = await organisationSensors(db, organisationId);
  const counts: SensorDashboardReply['counts'] = {
    total: sensors.length,
    reporting: 0,
    late: 0,
    silent: 0,
    never: 0,
    outOfService: 0,
    lowBattery: 0,
    weakSignal: 0,
    unassigned: 0,
  };
  for (const sensor of sensors) {
    counts[sensor.status]++;
    if (sensor.status === 'outOfService') continue;
    if (sensor.batteryStatus === 'low' || sensor.batteryStatus === 'critical') counts.lowBattery++;
    if (sensor.signalStatus === 'weak') counts.weakSignal++;
    if (isSpare(sensor)) counts.unassigned++;
  }
  const score = (problems: string[]) =>
    problems.reduce((sum, problem) => sum + (SEVERITY[problem] ?? 0), 0);
  const worst = sensors
    .map((sensor) => ({ sensor, problems: problemsOf(sensor) }))
    .filter((entry) => entry.problems.length > 0)
    .sort(
      (a, b) => score(b.problems) - score(a.problems) || a.sensor.code.localeCompare(b.sensor.code),
    )
    .slice(0, WORST_SHOWN);

  // Each type's low-battery threshold goes in as a parameter: the rule stays in one place.
  const thresholds = Object.entries(BATTERY_THRESHOLDS_V);
  const trend = await db.query<{
    day: string;
    reporting: number;
    low_battery: number;
    weak_signal: number;
    mean_signal_bars: number | null;
  }>(
    `SELECT h.day::text AS day, count(*) FILTER (WHERE h.records > 0)::int AS reporting,
            count(*) FILTER (WHERE h.battery_min_v < t.low_v)::int AS low_battery,
            count(*) FILTER (WHERE h.bars_records > 0 AND h.bars_sum::float8 / h.bars_records < $4 + 0.5)::int
              AS weak_signal,
            avg(h.bars_sum::float8 / h.bars_records) FILTER (WHERE h.bars_records > 0) AS mean_signal_bars
       FROM source_health_day h
       JOIN source s ON s.id = h.source_id
       LEFT JOIN machine m ON m.id = s.machine_id
       LEFT JOIN unnest($2::text[], $3::float8[]) AS t(type, low_v) ON t.type = s.type
      WHERE coalesce(m.organisation_id, s.organisation_id) = $1
        AND h.day > $5::date - ${SENSOR_TREND_DAYS}
      GROUP BY h.day ORDER BY h.day`,
    [
      organisationId,
      thresholds.map(([type]) => type),
      thresholds.map(([, limits]) => limits.lowV),
      SIGNAL_STATUS_BARS.weak[1],
      new Date().toISOString().slice(0, 10),
    ],
  );
  return {
    counts,
    worst,
    trend: trend.map((row) => ({
      day: row.day,
      reporting: row.reporting,
      lowBattery: row.low_battery,
      weakSignal: row.weak_signal,
      meanSignalBars:
        row.mean_signal_bars === null ? null : Math.round(Number(row.mean_signal_bars) * 10) / 10,
    })),
  };
}
