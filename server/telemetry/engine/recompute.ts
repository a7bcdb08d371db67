// Recomputes a machine's segments and daily rollups for a span of local days, from its stored records.
import { nextDate, startOfZonedDay, zonedDate } from '../../../src/domain/zonedTime.ts';
import { sqlLiteral, type Database, type Queryable } from '../../db/database.ts';
import { decodeBinaryCopy, type CopyType, type CopyValue } from '../../db/binaryCopy.ts';
import {
  dailyRollups,
  forEachDayPiece,
  LocalDays,
  type DailyInput,
  type DayRollup,
} from './daily.ts';
import { clipDailyInput } from './window.ts';
import { applyBreakdowns, type Period } from './breakdowns.ts';
import { analyseFuel } from './fuel.ts';
import { litresAtLevel } from './fuelCalibration.ts';
import type { CalibrationPoint } from '../../../src/domain/api/machineSettings.ts';
import { TELEMATICS_SOURCE_TYPES } from '../../../src/domain/constants.ts';
import { oemActivity } from './oem.ts';
import { defaultShiftRule, MIN_SATELLITES } from './rules.ts';
import { outOfHoursSessions, POWER_READINGS_MS, type CommittedMachine } from './events.ts';
import type { MachineProfile, Sample, Segment } from './sample.ts';
import { buildSegments, clipSegments } from './segments.ts';
import { heatCells } from './heatCells.ts';
import { hexOf, packCells, type CellSums } from './heatPack.ts';
import { storeHeat } from './heatStore.ts';
import { stopsAndTrips, type Position } from './trips.ts';
import { shiftPlans, type ShiftPlan } from './shiftPlan.ts';
import type { ShiftRule } from '../../../src/domain/shifts.ts';

/** Records this far either side of the window decide the states at its edges. */
const EDGE_MS = 12 * 3_600_000;

interface MachineRow {
  id: string;
  category: string | null;
  fuel_type: string;
  working_input_mask: number;
  min_refuelling_l: number;
  min_dipping_l: number;
  timezone: string;
  calibration: CalibrationPoint[] | null;
}

/**
 * The sample fields as windowRecords selects them, with their types in the binary COPY stream it
 * comes back as: printing 18 values per record as text and parsing them back took half a
 * recompute on PGlite (docs/performance.md).
 */
const VALID_POSITION = `r.position_invalid_reason IS NULL AND (r.satellites IS NULL OR r.satellites >= ${MIN_SATELLITES})`;
const SAMPLE_COLUMNS: readonly (readonly [CopyType, string])[] = [
  ['int4', 'w.n::int4'], // the window's place in the batch
  ['timestamptz', 'r.device_time'],
  ['bool', 'r.ignition'],
  ['bool', 'r.movement'],
  ['bool', 'r.engine_running'],
  // real through text: the shortest decimal, as a reading was sent (0.1, not 0.10000000149).
  ['float8', 'r.engine_rpm::text::float8'],
  ['float8', 'r.speed_kmh::text::float8'],
  ['float8', 'r.activity_level::text::float8'],
  ['int4', 'r.digital_inputs'],
  ['float8', `CASE WHEN ${VALID_POSITION} THEN r.latitude END`],
  ['float8', `CASE WHEN ${VALID_POSITION} THEN r.longitude END`],
  ['float8', 'CASE WHEN s.fuel_enabled THEN r.fuel_used_l END'],
  ['float8', 'CASE WHEN s.fuel_enabled THEN r.fuel_level_l::text::float8 END'],
  ['float8', 'r.operating_hours_h'],
  ['float8', 'r.idle_hours_h'],
  ['int4', 's.expected_interval_s'],
  ['int4', 's.expected_interval_off_s'],
  ['bool', `s.type NOT IN (${TELEMATICS_SOURCE_TYPES.map((t) => `'${t}'`).join(', ')})`],
  ['float8', 'CASE WHEN s.fuel_enabled THEN r.fuel_level_pct::text::float8 END'],
  // The capacity of the tank the sensor measured at the time, for a level in percent.
  [
    'float8',
    `CASE WHEN s.fuel_enabled AND r.fuel_level_pct IS NOT NULL THEN
      (SELECT a.tank_capacity_l FROM fuel_attachment a
        WHERE a.source_id = s.id AND a.starts_at <= r.device_time ORDER BY a.starts_at DESC LIMIT 1) END`,
  ],
];
/**
 * A device's own power, for the alerts only: read for the records of the last POWER_READINGS_MS,
 * since decoding them for a year of records made its recompute a third slower on PGlite.
 */
const POWER_COLUMNS: readonly (readonly [CopyType, string])[] = [
  ['uuid', 's.id'],
  ['text', 's.type'],
  ['float4', 'r.battery_v'],
  ['float4', 'r.external_voltage_v'],
];
const SAMPLE_TYPES = [...SAMPLE_COLUMNS, ...POWER_COLUMNS].map(([type]) => type);
const SAMPLE_SELECT = SAMPLE_COLUMNS.map(([, column]) => column).join(',\n         ');
const powerSelect = (fromMs: number) =>
  POWER_COLUMNS.map(
    ([, column]) =>
      `CASE WHEN r.device_time >= ${sqlLiteral(iso(fromMs))}::timestamptz THEN ${column} END`,
  ).join(',\n         ');

const RECORD_COLUMNS = `r.device_time, r.ignition, r.movement, r.engine_running, r.engine_rpm, r.speed_kmh,
  r.activity_level, r.digital_inputs, r.latitude, r.longitude, r.satellites, r.position_invalid_reason, r.fuel_used_l,
  r.fuel_level_l, r.operating_hours_h, r.idle_hours_h, r.fuel_level_pct, r.battery_v, r.external_voltage_v`;

/**
 * The record was sent while its source was in service: a period out of service does not count.
 * CASE keeps the check away from the sources that never had one. It filters the joined rows: inside
 * the per-source subqueries it changed PostgreSQL's plan and made a 1,000-machine recompute four
 * times slower (docs/performance.md).
 */
const IN_SERVICE = `CASE WHEN s.has_service_gaps THEN NOT EXISTS (
    SELECT 1 FROM source_service_gap g
     WHERE g.source_id = s.id AND g.from_at <= r.device_time AND (g.to_at IS NULL OR r.device_time < g.to_at))
  ELSE true END`;

interface Span {
  machineId: string;
  fromMs: number;
  toMs: number;
}

/**
 * Each machine's records in its span, plus each source's last record before it (the state at the
 * span's start), in time order. Per source through the primary key (source_id, device_time), so
 * the cost follows the spans, not the table; one query for a whole batch of machines. A COPY takes
 * no parameters: the spans are literals.
 */
function windowRecords(spans: readonly Span[], powerFromMs: number): string {
  const list = (pick: (span: Span) => string, type: string) =>
    `ARRAY[${spans.map((span) => sqlLiteral(pick(span))).join(', ')}]::${type}[]`;
  const machines = list((w) => w.machineId, 'uuid');
  const froms = list((w) => iso(w.fromMs), 'timestamptz');
  const tos = list((w) => iso(w.toMs), 'timestamptz');
  return `
  SELECT ${SAMPLE_SELECT},
         ${powerSelect(powerFromMs)}
    FROM unnest(${machines}, ${froms}, ${tos}) WITH ORDINALITY AS w(machine_id, from_at, to_at, n)
    JOIN source s ON s.machine_id = w.machine_id
    CROSS JOIN LATERAL (
      (SELECT ${RECORD_COLUMNS} FROM telemetry_record r
        WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time < w.from_at
        ORDER BY r.device_time DESC LIMIT 1)
      UNION ALL
      (SELECT ${RECORD_COLUMNS} FROM telemetry_record r
        WHERE r.source_id = s.id AND r.invalid_reason IS NULL AND r.device_time >= w.from_at
          AND r.device_time < w.to_at)
    ) r
   WHERE ${IN_SERVICE}
   ORDER BY w.n, r.device_time`;
}

/**
 * A level in percent as litres: by the tank's calibration where the machine has one, else in
 * proportion to the capacity of the tank the sensor was attached to at the time; null without.
 */
function levelLitres(
  percent: number | null,
  calibration: CalibrationPoint[] | null,
  tankCapacityL: number | null,
): number | null {
  if (percent === null) return null;
  if (calibration) return litresAtLevel(calibration, percent);
  return tankCapacityL === null ? null : (percent / 100) * tankCapacityL;
}

const num = (value: CopyValue | undefined) => (typeof value === 'number' ? value : null);
const bool = (value: CopyValue | undefined) => (typeof value === 'boolean' ? value : null);

/**
 * The samples of each span, in the spans' order. A level sensor reports percent; with the tank's
 * calibration or capacity that becomes litres.
 */
async function readSamples(
  db: Queryable,
  spans: readonly Span[],
  calibrationOf: (machineId: string) => CalibrationPoint[] | null,
): Promise<Sample[][]> {
  const samples = spans.map((): Sample[] => []);
  const calibrations = spans.map((span) => calibrationOf(span.machineId));
  const powerFromMs = Date.now() - POWER_READINGS_MS;
  decodeBinaryCopy(await db.copyOut(windowRecords(spans, powerFromMs)), SAMPLE_TYPES, (v) => {
    const index = (v[0] as number) - 1;
    samples[index]?.push({
      timeMs: v[1] as number,
      ignition: bool(v[2]),
      movement: bool(v[3]),
      engineRunning: bool(v[4]),
      engineRpm: num(v[5]),
      speedKmh: num(v[6]),
      activityLevel: num(v[7]),
      digitalInputs: num(v[8]),
      latitude: num(v[9]),
      longitude: num(v[10]),
      fuelUsedL: num(v[11]),
      fuelLevelL: num(v[12]) ?? levelLitres(num(v[18]), calibrations[index] ?? null, num(v[19])),
      operatingHoursH: num(v[13]),
      idleHoursH: num(v[14]),
      expectedIntervalS: v[15] as number,
      expectedIntervalOffS: v[16] as number,
      oem: v[17] === true,
      sourceId: typeof v[20] === 'string' ? v[20] : null,
      sourceType: typeof v[21] === 'string' ? v[21] : null,
      batteryV: num(v[22]),
      externalVoltageV: num(v[23]),
    });
  });
  return samples;
}

const isEmpty = (r: DayRollup) => r.activeS + r.idleS + r.offS + r.missingS + r.brokendownS === 0;

/** Local days of one machine to recompute, inclusive (yyyy-MM-dd). */
export interface RecomputeJob {
  machineId: string;
  fromDay: string;
  toDay: string;
}

interface Window extends RecomputeJob {
  machine: MachineRow;
  fromMs: number;
  toMs: number;
}

/** The part of a local day inside a hire that starts or ends during it. */
export interface HireCut extends Period {
  hireId: string;
  day: string;
}

interface Result {
  window: Window;
  pieces: Segment[];
  rollups: DayRollup[];
  hireRollups: { cut: HireCut; rollup: DayRollup; cells: CellSums[] }[];
  cells: Map<string, CellSums[]>;
  committed: CommittedMachine;
}

const profileOf = (machine: MachineRow): MachineProfile => ({
  workingInputMask: machine.working_input_mask,
  category: machine.category,
  fuelType: machine.fuel_type,
  minRefuellingL: machine.min_refuelling_l,
  minDippingL: machine.min_dipping_l,
});

/** What one machine's window holds: its segments split at local midnights, and its day rollups. */
function computeWindow(
  window: Window,
  samples: Sample[],
  breakdowns: Period[],
  cuts: HireCut[],
  plan: ShiftPlan | undefined,
): Result {
  const { machine, fromMs: windowFrom, toMs: windowTo } = window;
  const timeZone = machine.timezone;
  const profile = profileOf(machine);
  // A tracker's states are what the machine did; an OEM feed's hours count only without one.
  const telematics = samples.filter((sample) => !sample.oem);
  const oem = telematics.length > 0 ? { spans: [], missing: [] } : oemActivity(samples);
  const built = telematics.length > 0 ? buildSegments(telematics, profile) : [];
  const segments = applyBreakdowns(
    clipSegments(telematics.length > 0 ? built : oem.missing, windowFrom, windowTo),
    breakdowns,
    oem.spans,
    windowFrom,
    // An open breakdown runs up to now, not into the future.
    Math.min(windowTo, Date.now()),
  );
  const positions = samples.filter(
    (s): s is Sample & Position => s.latitude !== null && s.longitude !== null,
  );
  const fuel = analyseFuel(samples, profile);
  const input: DailyInput = {
    segments,
    oemSpans: oem.spans,
    breakdowns,
    fuel,
    trips: stopsAndTrips(positions).trips,
    profile,
    timeZone,
    fromDay: window.fromDay,
    toDay: window.toDay,
  };
  if (plan) {
    const byDay = new Map<string, ShiftRule>();
    input.shiftOn = (day) => {
      let rule = byDay.get(day);
      if (!rule) {
        const startMs = startOfZonedDay(day, timeZone).getTime();
        rule = plan.onDay(startMs, startOfZonedDay(nextDate(day), timeZone).getTime());
        byDay.set(day, rule);
      }
      return rule;
    };
  }
  const rollups = dailyRollups(input).filter((rollup) => !isEmpty(rollup));
  // The days a hire starts or ends during: the hire's part of the day, by the same rules, on the
  // shift of the hire's site.
  const hireRollups = cuts.flatMap((cut) =>
    dailyRollups({
      ...clipDailyInput(input, cut),
      ...(plan ? { shiftOn: () => plan.ofHire(cut.hireId) } : {}),
      fromDay: cut.day,
      toDay: cut.day,
    })
      .filter((rollup) => !isEmpty(rollup))
      .map((rollup) => ({
        cut,
        rollup,
        cells: heatCells(samples, segments, timeZone, cut.fromMs, cut.toMs).get(cut.day) ?? [],
      })),
  );

  // Stored split at local midnights, so a later recompute of some days replaces exactly their pieces.
  const pieces: Segment[] = [];
  const localDays = new LocalDays(timeZone);
  for (const segment of segments) {
    forEachDayPiece(segment.fromMs, segment.toMs, localDays, (_day, fromMs, toMs) =>
      pieces.push({ state: segment.state, fromMs, toMs }),
    );
  }
  const cells = heatCells(samples, segments, timeZone, windowFrom, windowTo);
  const fallback = defaultShiftRule(timeZone);
  const committed: CommittedMachine = {
    machineId: window.machineId,
    timeZone,
    fromDay: window.fromDay,
    toDay: window.toDay,
    fromMs: windowFrom,
    toMs: windowTo,
    segments: built,
    outOfHours: outOfHoursSessions(built, timeZone, (startMs, endMs) =>
      plan ? plan.onDay(startMs, endMs) : fallback,
    ),
    thefts: fuel.thefts,
    breakdownStarts: breakdowns.map((b) => b.fromMs),
    positions: positions.map((p) => ({
      atMs: p.timeMs,
      latitude: p.latitude,
      longitude: p.longitude,
    })),
    power: samples.flatMap(({ sourceId, sourceType, timeMs, batteryV, externalVoltageV }) =>
      sourceId !== null && sourceType !== null && (batteryV !== null || externalVoltageV !== null)
        ? [{ sourceId, sourceType, atMs: timeMs, batteryV, externalVoltageV }]
        : [],
    ),
  };
  return { window, pieces, rollups, hireRollups, cells, committed };
}

const iso = (ms: number) => new Date(ms).toISOString();

const MACHINES = `
  SELECT m.id, m.category, m.fuel_type, m.working_input_mask, m.min_refuelling_l, m.min_dipping_l, o.timezone,
         c.points AS calibration
    FROM machine m JOIN organisation o ON o.id = m.organisation_id
    LEFT JOIN fuel_calibration c ON c.machine_id = m.id
   WHERE m.id = ANY($1::uuid[])`;

/**
 * One machine's samples between two instants as the engine reads them (calibrated levels included),
 * with its profile: for the screens that show what the rollups summed, such as the fuel chart.
 */
export async function machineSamples(
  db: Database,
  machineId: string,
  fromMs: number,
  toMs: number,
): Promise<{ samples: Sample[]; profile: MachineProfile } | null> {
  const [machine] = await db.query<MachineRow>(MACHINES, [[machineId]]);
  if (!machine) return null;
  const [samples = []] = await readSamples(
    db,
    [{ machineId, fromMs, toMs }],
    () => machine.calibration,
  );
  return { samples, profile: profileOf(machine) };
}

/**
 * Recomputes the segments and daily rollups of a batch of machines, each for its own span of local
 * days, from their stored records: a few statements for the whole batch, whatever its size. Returns
 * what it committed, for the scheduler to announce.
 */
export async function recomputeMachines(
  db: Database,
  jobs: RecomputeJob[],
): Promise<CommittedMachine[]> {
  if (jobs.length === 0) return [];
  if (db.kind === 'pglite') return recomputeWith(db, (work) => db.transaction(work), jobs);
  // On PostgreSQL engines in other processes may hold the same machines: each machine is read and
  // written under its lock, so whichever recompute commits last read every record stored before.
  return db.transaction(async (tx) => {
    await tx.query(
      `SELECT pg_advisory_xact_lock(k)
         FROM (SELECT DISTINCT hashtextextended(id, ${LOCK_SEED}) AS k FROM unnest($1::text[]) AS id ORDER BY k) locks`,
      [jobs.map((job) => job.machineId)],
    );
    return recomputeWith(tx, (work) => work(tx), jobs);
  });
}

/** Tells the engine's machine locks from any other advisory lock of the database. */
const LOCK_SEED = 7_114;

// eslint-disable-next-line max-lines-per-function -- The engine's recompute of one machine's days inside its lock and transaction: reads, segments, rollups and outputs in their order.
async function recomputeWith(
  db: Queryable,
  write: (work: (tx: Queryable) => Promise<void>) => Promise<void>,
  jobs: RecomputeJob[],
): Promise<CommittedMachine[]> {
  const machines = new Map(
    (await db.query<MachineRow>(MACHINES, [jobs.map((job) => job.machineId)])).map((row) => [
      row.id,
      row,
    ]),
  );
  const windows: Window[] = [];
  for (const job of jobs) {
    const machine = machines.get(job.machineId);
    if (!machine) continue; // deleted meanwhile
    windows.push({
      ...job,
      machine,
      fromMs: startOfZonedDay(job.fromDay, machine.timezone).getTime(),
      toMs: startOfZonedDay(nextDate(job.toDay), machine.timezone).getTime(),
    });
  }
  if (windows.length === 0) return [];
  const ids = windows.map((w) => w.machineId);
  const samples = await readSamples(
    db,
    windows.map((w) => ({
      machineId: w.machineId,
      fromMs: w.fromMs - EDGE_MS,
      toMs: w.toMs + EDGE_MS,
    })),
    (machineId) => machines.get(machineId)?.calibration ?? null,
  );
  const breakdowns = new Map<string, Period[]>();
  for (const row of await db.query<{ machine_id: string; from_at: Date; to_at: Date | null }>(
    `SELECT b.machine_id, b.from_at, b.to_at
       FROM machine_breakdown b
       JOIN unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(machine_id, from_at, to_at)
         ON w.machine_id = b.machine_id AND b.from_at < w.to_at AND (b.to_at IS NULL OR b.to_at > w.from_at)`,
    [ids, windows.map((w) => iso(w.fromMs)), windows.map((w) => iso(w.toMs))],
  )) {
    const list = breakdowns.get(row.machine_id) ?? [];
    list.push({ fromMs: row.from_at.getTime(), toMs: row.to_at?.getTime() ?? Infinity });
    breakdowns.set(row.machine_id, list);
  }
  const cuts = await hireCuts(db, windows);
  const plans = await shiftPlans(db, windows);
  const results = windows.map((window, index) =>
    computeWindow(
      window,
      samples[index] ?? [],
      breakdowns.get(window.machineId) ?? [],
      cuts.get(window.machineId) ?? [],
      plans.get(window.machineId),
    ),
  );
  const pieces = results.flatMap((r) =>
    r.pieces.map((piece) => ({ machineId: r.window.machineId, piece })),
  );
  const rollups = results.flatMap((r) =>
    r.rollups.map((rollup) => ({ machineId: r.window.machineId, rollup })),
  );
  const heatDays = results.flatMap((r) =>
    [...r.cells].map(([day, cells]) => ({ machineId: r.window.machineId, day, cells })),
  );

  await write(async (tx) => {
    await tx.query(
      `DELETE FROM activity_segment a
        USING unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(machine_id, from_at, to_at)
        WHERE a.machine_id = w.machine_id AND a.from_at >= w.from_at AND a.from_at < w.to_at`,
      [ids, windows.map((w) => iso(w.fromMs)), windows.map((w) => iso(w.toMs))],
    );
    if (pieces.length > 0) {
      await tx.query(
        `INSERT INTO activity_segment (machine_id, from_at, to_at, state)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::text[])`,
        [
          pieces.map((p) => p.machineId),
          pieces.map((p) => iso(p.piece.fromMs)),
          pieces.map((p) => iso(p.piece.toMs)),
          pieces.map((p) => p.piece.state),
        ],
      );
    }
    await tx.query(
      `DELETE FROM machine_day_rollup d
        USING unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_day, to_day)
        WHERE d.machine_id = w.machine_id AND d.day >= w.from_day AND d.day <= w.to_day`,
      [ids, windows.map((w) => w.fromDay), windows.map((w) => w.toDay)],
    );
    if (rollups.length > 0) {
      const column = <K extends keyof DayRollup>(key: K) => rollups.map((r) => r.rollup[key]);
      await tx.query(
        `INSERT INTO machine_day_rollup (machine_id, day, active_s, idle_s, off_s, missing_s, out_of_hours_s, fuel_l,
           fuel_estimated, co2_kg, co2_factor_kg_per_l, co2_factor_year, fuel_type, distance_m, trips, refills,
           refill_l, thefts, theft_l, brokendown_s)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
           $7::float8[], $8::float8[], $9::bool[], $10::float8[], $11::float8[], $12::int[], $13::text[],
           $14::float8[], $15::int[], $16::int[], $17::float8[], $18::int[], $19::float8[], $20::float8[])`,
        [
          rollups.map((r) => r.machineId),
          column('day'),
          column('activeS'),
          column('idleS'),
          column('offS'),
          column('missingS'),
          column('outOfHoursS'),
          column('fuelL'),
          column('fuelEstimated'),
          column('co2Kg'),
          column('co2FactorKgPerL'),
          column('co2FactorYear'),
          column('fuelType'),
          column('distanceM'),
          column('trips'),
          column('refills'),
          column('refillL'),
          column('thefts'),
          column('theftL'),
          column('brokendownS'),
        ],
      );
    }
    await storeHireRollups(tx, windows, results);
    await storeHeat(tx, windows, heatDays);
    // The months the recomputed days fall in, summed again from their days.
    const months = [
      ids,
      windows.map((w) => monthOf(w.fromDay)),
      windows.map((w) => monthOf(w.toDay)),
    ];
    await tx.query(
      `DELETE FROM machine_month_rollup mm
        USING unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_month, to_month)
        WHERE mm.machine_id = w.machine_id AND mm.month >= w.from_month AND mm.month <= w.to_month`,
      months,
    );
    await tx.query(
      `INSERT INTO machine_month_rollup
       SELECT d.machine_id, date_trunc('month', d.day)::date, count(*), sum(d.active_s), sum(d.idle_s),
              sum(d.off_s), sum(d.missing_s), sum(d.brokendown_s), sum(d.out_of_hours_s), sum(d.fuel_l),
              bool_or(d.fuel_estimated), sum(d.co2_kg), sum(d.distance_m), sum(d.trips), sum(d.refills),
              sum(d.refill_l), sum(d.thefts), sum(d.theft_l), min(d.day)
         FROM unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_month, to_month)
         JOIN machine_day_rollup d ON d.machine_id = w.machine_id AND d.day >= w.from_month
          AND d.day < w.to_month + interval '1 month'
        GROUP BY 1, 2
       ON CONFLICT (machine_id, month) DO NOTHING`,
      months,
    );
  });
  return results.map((result) => result.committed);
}

/**
 * The hires whose start or end falls inside a window but not on a local midnight, as the part of
 * that day each covers (one cut when a hire starts and ends on the same day).
 */
async function hireCuts(db: Queryable, windows: Window[]): Promise<Map<string, HireCut[]>> {
  const rows = await db.query<{
    id: string;
    machine_id: string;
    starts_at: Date;
    ends_at: Date | null;
  }>(
    `SELECT h.id, h.machine_id, h.starts_at, h.ends_at
       FROM hire h
       JOIN unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS w(machine_id, from_at, to_at)
         ON w.machine_id = h.machine_id
        AND ((h.starts_at > w.from_at AND h.starts_at < w.to_at)
          OR (h.ends_at > w.from_at AND h.ends_at < w.to_at))`,
    [
      windows.map((w) => w.machineId),
      windows.map((w) => iso(w.fromMs)),
      windows.map((w) => iso(w.toMs)),
    ],
  );
  const byMachine = new Map<string, HireCut[]>();
  for (const row of rows) {
    const window = windows.find((w) => w.machineId === row.machine_id);
    if (!window) continue;
    const timeZone = window.machine.timezone;
    const hire = { fromMs: row.starts_at.getTime(), toMs: row.ends_at?.getTime() ?? Infinity };
    const days = new Set<string>();
    for (const edge of [hire.fromMs, hire.toMs]) {
      if (!Number.isFinite(edge) || edge <= window.fromMs || edge >= window.toMs) continue;
      const day = zonedDate(new Date(edge), timeZone);
      const dayFrom = startOfZonedDay(day, timeZone).getTime();
      if (edge !== dayFrom) days.add(day);
    }
    for (const day of days) {
      const dayFrom = startOfZonedDay(day, timeZone).getTime();
      const dayTo = startOfZonedDay(nextDate(day), timeZone).getTime();
      const cut: HireCut = {
        hireId: row.id,
        day,
        fromMs: Math.max(dayFrom, hire.fromMs),
        toMs: Math.min(dayTo, hire.toMs),
      };
      const list = byMachine.get(row.machine_id) ?? [];
      list.push(cut);
      byMachine.set(row.machine_id, list);
    }
  }
  return byMachine;
}

/** Replaces the hire-day rollups of the recomputed days. */
async function storeHireRollups(tx: Queryable, windows: Window[], results: Result[]) {
  await tx.query(
    `DELETE FROM machine_hire_day_rollup d
      USING unnest($1::uuid[], $2::date[], $3::date[]) AS w(machine_id, from_day, to_day)
      WHERE d.machine_id = w.machine_id AND d.day >= w.from_day AND d.day <= w.to_day`,
    [windows.map((w) => w.machineId), windows.map((w) => w.fromDay), windows.map((w) => w.toDay)],
  );
  const rows = results.flatMap((r) =>
    r.hireRollups.map((h) => ({ machineId: r.window.machineId, ...h })),
  );
  if (rows.length === 0) return;
  const column = <K extends keyof DayRollup>(key: K) => rows.map((r) => r.rollup[key]);
  await tx.query(
    `INSERT INTO machine_hire_day_rollup (machine_id, hire_id, day, from_at, to_at, active_s, idle_s, off_s,
       missing_s, brokendown_s, out_of_hours_s, fuel_l, fuel_estimated, co2_kg, distance_m, trips,
       refills, thefts, theft_l, heat_cells)
     SELECT machine_id, hire_id, day, from_at, to_at, active_s, idle_s, off_s, missing_s, brokendown_s,
            out_of_hours_s, fuel_l, fuel_estimated, co2_kg, distance_m, trips, refills, thefts, theft_l,
            decode(nullif(cells, ''), 'hex')
       FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::timestamptz[], $5::timestamptz[],
       $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[],
       $13::bool[], $14::float8[], $15::float8[], $16::int[], $17::int[], $18::int[], $19::float8[],
       $20::text[])
         AS r(machine_id, hire_id, day, from_at, to_at, active_s, idle_s, off_s, missing_s, brokendown_s,
              out_of_hours_s, fuel_l, fuel_estimated, co2_kg, distance_m, trips, refills, thefts, theft_l,
              cells)`,
    [
      rows.map((r) => r.machineId),
      rows.map((r) => r.cut.hireId),
      rows.map((r) => r.cut.day),
      rows.map((r) => iso(r.cut.fromMs)),
      rows.map((r) => iso(r.cut.toMs)),
      column('activeS'),
      column('idleS'),
      column('offS'),
      column('missingS'),
      column('brokendownS'),
      column('outOfHoursS'),
      column('fuelL'),
      column('fuelEstimated'),
      column('co2Kg'),
      column('distanceM'),
      column('trips'),
      column('refills'),
      column('thefts'),
      column('theftL'),
      rows.map((r) => (r.cells.length > 0 ? hexOf(packCells(r.cells)) : '')),
    ],
  );
}

/** The first day of a day's month: 2026-11-21 → 2026-11-01. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** One machine's days: a batch of one. */
export async function recomputeMachineDays(
  db: Database,
  machineId: string,
  fromDay: string,
  toDay: string,
): Promise<void> {
  await recomputeMachines(db, [{ machineId, fromDay, toDay }]);
}
