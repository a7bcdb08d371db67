// The engine against a simulated fleet with known truth: records through the real Teltonika TCP
// listener into the real store; daily rollups compared with what really happened. Then the same
// records replayed out of order and with duplicates must give the same rollups.
// @clock-relative: reads the clock as a record's arrival time; the records' own times are fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { buildPipeline } from '../../server/telemetry/pipeline.ts';
import { startTeltonikaTcp, type Listener } from '../../server/telemetry/listeners/teltonikaTcp.ts';
import { decodeAvlData } from '../../server/telemetry/adapters/teltonika/avl.ts';
import { encodeAvlData } from '../../server/telemetry/adapters/teltonika/encode.ts';
import { REPORT_OFF_S, REPORT_ON_S } from '../../server/telemetry/simulator/device.ts';
import {
  simulate,
  simulatedFleet,
  type Simulation,
} from '../../server/telemetry/simulator/fleet.ts';
import { seededRandom } from '../../server/telemetry/simulator/random.ts';
import { sendOverTcp } from '../../server/telemetry/simulator/teltonikaClient.ts';
import { testDatabases, type TestDatabase } from '../support/databases.ts';
import { metersAt } from '../../server/modules/meters/index.ts';
import { MeterWorker } from '../../server/modules/meters/sampler.ts';
import { nextDate, startOfZonedDay } from '../../src/domain/zonedTime.ts';

const TIME_ZONE = 'Europe/London';
// Wednesday to Wednesday across Sunday 25 October 2026, when the clocks go back: a 25-hour day.
const DAYS = [
  '2026-10-21',
  '2026-10-22',
  '2026-10-23',
  '2026-10-24',
  '2026-10-25',
  '2026-10-26',
  '2026-10-27',
  '2026-10-28',
];
const CATEGORY = { excavator: 'Excavator', dumper: 'Dumper', telehandler: 'Telehandler' } as const;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface RollupRow {
  code: string;
  day: string;
  active_s: number;
  idle_s: number;
  off_s: number;
  missing_s: number;
  brokendown_s: number;
  fuel_l: number;
  fuel_estimated: boolean;
  trips: number;
  refills: number;
  thefts: number;
}

/** A fresh database with the simulated machines, each with its tracker assigned. */
async function fleetDatabase(database: TestDatabase, simulation: Simulation) {
  const opened = await database.open();
  const [org] = await opened.db.query<{ id: string }>(
    `INSERT INTO organisation (name, type, timezone) VALUES ('Simulated Hire', 'rental', $1) RETURNING id`,
    [TIME_ZONE],
  );
  if (!org) throw new Error('no organisation created');
  for (const machine of simulation.machines) {
    await opened.db.query(
      `WITH m AS (INSERT INTO machine (organisation_id, name, category) VALUES ($1, $2, $3) RETURNING id)
       INSERT INTO source (type, code, machine_id, expected_interval_s, expected_interval_off_s)
       SELECT 'TELTONIKA', $2, id, $4, $5 FROM m`,
      [org.id, machine.imei, CATEGORY[machine.kind], REPORT_ON_S, REPORT_OFF_S],
    );
    // The owner flags the breakdown in the portal, as the machine stands broken.
    for (const broken of simulation.plans.get(machine.imei)?.breakdowns ?? []) {
      await opened.db.query(
        `INSERT INTO machine_breakdown (machine_id, from_at, to_at)
         SELECT s.machine_id, $2, $3 FROM source s WHERE s.code = $1`,
        [machine.imei, new Date(broken.fromMs), new Date(broken.toMs)],
      );
    }
  }
  const { rollups: scheduler, ingest } = buildPipeline(opened.db, {
    log: {
      error: (details) => {
        throw (details as { err: unknown }).err;
      },
    },
  });
  return { ...opened, scheduler, ingest };
}

async function rollups(db: Database): Promise<RollupRow[]> {
  return db.query<RollupRow>(
    `SELECT s.code, r.day::text AS day, r.active_s, r.idle_s, r.off_s, r.missing_s, r.brokendown_s, r.fuel_l, r.fuel_estimated,
            r.trips, r.refills, r.thefts
       FROM machine_day_rollup r JOIN source s ON s.machine_id = r.machine_id
      ORDER BY s.code, r.day`,
  );
}

describe.each(testDatabases)('ground truth on $kind', { timeout: 600_000 }, (database) => {
  const simulation = simulate(simulatedFleet(6), DAYS, TIME_ZONE, 2026);
  let fleet: Awaited<ReturnType<typeof fleetDatabase>>;
  let listener: Listener;
  let fromTcp: RollupRow[];

  beforeAll(async () => {
    fleet = await fleetDatabase(database, simulation);
    listener = await startTeltonikaTcp({
      host: '127.0.0.1',
      port: 0,
      ingest: fleet.ingest,
      storeCommandResponse: async () => undefined,
      log: silent,
    });
    await Promise.all(
      [...simulation.records].map(([imei, records]) =>
        sendOverTcp({ host: '127.0.0.1', port: listener.port }, imei, records),
      ),
    );
    await fleet.scheduler.drain();
    fromTcp = await rollups(fleet.db);
  }, 600_000);

  afterAll(async () => {
    await listener?.close();
    await fleet?.close();
  });

  it('finds every day of every machine within tolerance of the truth', () => {
    expect(simulation.truth.length).toBe(6 * DAYS.length);
    const byKey = new Map(fromTcp.map((row) => [`${row.code} ${row.day}`, row]));
    for (const truth of simulation.truth) {
      const row = byKey.get(`${truth.imei} ${truth.day}`);
      const label = `${truth.imei} ${truth.day}`;
      expect(row, label).toBeDefined();
      if (!row) continue;
      // Hours: within 1%, or one reporting interval of that state.
      const within = (found: number, expected: number, intervalS: number) =>
        expect(Math.abs(found - expected), `${label} ${found} vs ${expected}`).toBeLessThanOrEqual(
          Math.max(expected * 0.01, intervalS),
        );
      within(row.active_s, truth.activeS, REPORT_ON_S);
      within(row.idle_s, truth.idleS, REPORT_ON_S);
      within(row.off_s, truth.offS, REPORT_OFF_S);
      within(row.missing_s, truth.missingS, REPORT_OFF_S);
      within(row.brokendown_s, truth.brokendownS, REPORT_OFF_S);
      // Fuel within 2%, or half a litre on a quiet day.
      expect(
        Math.abs(row.fuel_l - truth.fuelL),
        `${label} fuel ${row.fuel_l} vs ${truth.fuelL}`,
      ).toBeLessThanOrEqual(Math.max(truth.fuelL * 0.02, 0.5));
      expect(row.fuel_estimated, label).toBe(false);
      expect(row.trips, `${label} trips`).toBe(truth.trips);
      expect(row.refills, `${label} refills`).toBe(truth.refills);
      expect(row.thefts, `${label} thefts`).toBe(truth.thefts);
    }
    // The 25-hour day is 25 hours long.
    const autumn = fromTcp.filter((row) => row.day === '2026-10-25');
    for (const row of autumn)
      expect(row.active_s + row.idle_s + row.off_s + row.missing_s + row.brokendown_s).toBe(
        25 * 3600,
      );
    // The machine that broke down shows it.
    expect(simulation.truth.some((day) => day.brokendownS > 0)).toBe(true);
  });

  it('keeps each machine-day’s engine hours within 0.1 h of its tracker’s meter, through a reboot, a new tracker and a rollover', async () => {
    // The meters worker reads the trackers' counts into readings, as the api does every 5 minutes.
    await new MeterWorker({ db: fleet.db, config: { meterPollMs: 0 }, log: silent }).run(
      Date.now(),
    );
    const kinds = await fleet.db.query<{ code: string; kind: string }>(
      `SELECT DISTINCT s.code, r.kind FROM meter_reading r JOIN source s ON s.machine_id = r.machine_id
        WHERE r.source = 'tracker' AND r.kind <> 'reading'`,
    );
    const [rolls, reboots, replaced] = simulation.machines.slice(0, 3).map((m) => m.imei);
    expect(kinds).toEqual(
      expect.arrayContaining([
        { code: rolls, kind: 'rollover' },
        { code: replaced, kind: 'reset' },
      ]),
    );
    const machines = new Map(
      (
        await fleet.db.query<{ code: string; machine_id: string }>(
          'SELECT code, machine_id FROM source',
        )
      ).map((row) => [row.code, row.machine_id]),
    );
    const origin = startOfZonedDay(DAYS[0] ?? '', TIME_ZONE);
    const moments = simulation.truth.flatMap((truth) =>
      [truth.day, nextDate(truth.day)].map((day) => ({
        machineId: machines.get(truth.imei) ?? '',
        at: startOfZonedDay(day, TIME_ZONE),
        timezone: TIME_ZONE,
        originAt: origin,
      })),
    );
    const { hours, leads } = await metersAt(fleet.db, moments);
    expect([...leads.values()].every((lead) => lead === 'tracker')).toBe(true);
    const rollupOf = new Map(fromTcp.map((row) => [`${row.code} ${row.day}`, row]));
    simulation.truth.forEach((truth, i) => {
      const meterH = (hours[2 * i + 1] ?? 0) - (hours[2 * i] ?? 0);
      const label = `${truth.imei} ${truth.day} meter ${meterH}`;
      expect(Math.abs(meterH - (truth.activeS + truth.idleS) / 3600), label).toBeLessThanOrEqual(
        0.1,
      );
      const rollup = rollupOf.get(`${truth.imei} ${truth.day}`);
      const engineH = ((rollup?.active_s ?? 0) + (rollup?.idle_s ?? 0)) / 3600;
      expect(Math.abs(meterH - engineH), `${label} engine ${engineH}`).toBeLessThanOrEqual(0.1);
    });
    expect(reboots).toBeDefined();
  });

  it('gives the same rollups when the records arrive out of order and twice', async () => {
    const replay = await fleetDatabase(database, simulation);
    try {
      const random = seededRandom(99);
      // Through the real decoder, as the listener would see them, in packets of 25 records.
      const all = [...simulation.records].flatMap(([imei, records]) =>
        Array.from({ length: Math.ceil(records.length / 25) }, (_, i) => {
          const data = encodeAvlData(records.slice(i * 25, i * 25 + 25));
          return decodeAvlData(data, 0, data.length, imei, Date.now());
        }).flat(),
      );
      const withDuplicates = [...all, ...all.filter(() => random() < 0.1)];
      for (let i = withDuplicates.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        const swap = withDuplicates[i] as (typeof withDuplicates)[number];
        withDuplicates[i] = withDuplicates[j] as (typeof withDuplicates)[number];
        withDuplicates[j] = swap;
      }
      for (let i = 0; i < withDuplicates.length;) {
        const size = 1 + Math.floor(random() * 400);
        await replay.ingest(withDuplicates.slice(i, i + size));
        i += size;
      }
      await replay.scheduler.drain();
      const replayed = await rollups(replay.db);
      expect(replayed.length).toBe(fromTcp.length);
      replayed.forEach((row, i) => {
        const original = fromTcp[i] as RollupRow;
        expect(row.code).toBe(original.code);
        expect(row.day).toBe(original.day);
        for (const key of [
          'active_s',
          'idle_s',
          'off_s',
          'missing_s',
          'brokendown_s',
          'fuel_l',
        ] as const) {
          expect(row[key], `${row.code} ${row.day} ${key}`).toBeCloseTo(original[key], 6);
        }
        expect([row.trips, row.refills, row.thefts]).toEqual([
          original.trips,
          original.refills,
          original.thefts,
        ]);
      });
    } finally {
      await replay.close();
    }
  });
});
