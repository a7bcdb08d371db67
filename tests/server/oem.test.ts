// OEM feed readings (cumulative hours) through the ingest and the engine into daily rollups.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { buildPipeline } from '../../server/telemetry/pipeline.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { testDatabases } from '../support/databases.ts';

describe.each(testDatabases)('OEM activity on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;
  let machineId: string;

  beforeAll(async () => {
    ({ db, close } = await database.open());
    const [row] = await db.query<{ id: string }>(
      `WITH o AS (INSERT INTO organisation (name, type) VALUES ('OEM Hire', 'rental') RETURNING id),
            m AS (INSERT INTO machine (organisation_id, name, category) SELECT id, 'PC210', 'Excavator' FROM o RETURNING id)
       INSERT INTO source (type, code, machine_id, expected_interval_s)
       SELECT 'KOMATSU', 'PIN-KMTPC210X01', id, 21600 FROM m RETURNING machine_id AS id`,
    );
    machineId = row?.id ?? '';
  });
  afterAll(() => close());

  it('turns cumulative operating and idle hours into daily hours, spread over each interval', async () => {
    const { rollups: scheduler, ingest } = buildPipeline(db);
    const reading = (iso: string, operatingHoursH: number, idleHoursH: number) => ({
      ...emptyRecord('KOMATSU', 'PIN-KMTPC210X01', Date.parse(iso), Date.now()),
      operatingHoursH,
      idleHoursH,
    });
    // London summer time: 06:00–18:00 local in three 4-hour readings, then a counter reset.
    await ingest([
      reading('2026-06-02T05:00:00Z', 5000, 1200),
      reading('2026-06-02T09:00:00Z', 5003, 1200.5),
      reading('2026-06-02T13:00:00Z', 5006, 1201.5),
      reading('2026-06-02T17:00:00Z', 5008, 1202),
      reading('2026-06-02T21:00:00Z', 2, 0),
    ]);
    await scheduler.drain();
    const [day] = await db.query<{
      active_s: number;
      idle_s: number;
      off_s: number;
      missing_s: number;
    }>(
      `SELECT active_s, idle_s, off_s, missing_s FROM machine_day_rollup WHERE machine_id = $1 AND day = '2026-06-02'`,
      [machineId],
    );
    expect(day?.active_s).toBeCloseTo((8 - 2) * 3600, 6);
    expect(day?.idle_s).toBeCloseTo(2 * 3600, 6);
    expect(day?.off_s).toBeCloseTo(4 * 3600, 6);
    // The reset interval is missing, never negative hours.
    expect(day?.missing_s).toBeCloseTo(4 * 3600, 6);
  });

  it('counts a machine with a tracker by its tracker, not also by its OEM feed', async () => {
    await db.query(
      `INSERT INTO source (type, code, machine_id, expected_interval_s) VALUES ('TELTONIKA', '350000000009999', $1, 60)`,
      [machineId],
    );
    const { rollups: scheduler, ingest } = buildPipeline(db);
    const start = Date.parse('2026-06-02T06:00:00Z');
    await ingest(
      Array.from({ length: 61 }, (_, i) => ({
        ...emptyRecord('TELTONIKA', '350000000009999', start + i * 60_000, Date.now()),
        ignition: true,
        engineRpm: i < 60 ? 1600 : 0,
      })),
    );
    await scheduler.drain();
    const [day] = await db.query<{ active_s: number }>(
      `SELECT active_s FROM machine_day_rollup WHERE machine_id = $1 AND day = '2026-06-02'`,
      [machineId],
    );
    expect(day?.active_s).toBeCloseTo(3600, 6);
  });
});
