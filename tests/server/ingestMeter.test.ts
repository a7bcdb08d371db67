// The staff home's ingest rate counts what every ingest process received: two meters on one
// database stand for two processes. Each shows its own counts at once and the other's once flushed;
// nothing is counted twice or lost when a flush and a read meet, and a failed flush keeps its counts.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { IngestMeter } from '../../server/telemetry/ingestMeter.ts';
import { testDatabases } from '../support/databases.ts';

const HOUR_MS = 3_600_000;
/** The hour the counts are made in: the meters are asked about the same one, whatever the clock says. */
const NOW_MS = Math.floor(Date.now() / HOUR_MS) * HOUR_MS + 1_000;

describe.each(testDatabases)('ingest meter on $kind', (database) => {
  let db: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await database.open());
  });

  afterAll(async () => {
    await close?.();
  });

  const series = async (meter: IngestMeter, sourceType: string) =>
    (await meter.last(2, NOW_MS)).bySourceType.get(sourceType) ?? [0, 0];

  it('adds up every process’s counts by hour and protocol', async () => {
    const first = new IngestMeter(db);
    const second = new IngestMeter(db);
    first.count('TELTONIKA', 40, NOW_MS);
    first.count('TELTONIKA', 2, NOW_MS - HOUR_MS);
    second.count('TELTONIKA', 5, NOW_MS);
    second.count('LORA', 7, NOW_MS);

    // Each sees its own counts before they are flushed.
    expect(await series(first, 'TELTONIKA')).toEqual([2, 40]);
    expect(await series(second, 'TELTONIKA')).toEqual([0, 5]);

    await first.flush();
    expect(await series(second, 'TELTONIKA')).toEqual([2, 45]);
    expect(await series(first, 'TELTONIKA')).toEqual([2, 40]);

    // A read that meets a flush sees each count once.
    second.count('LORA', 1, NOW_MS);
    const [lora] = await Promise.all([series(second, 'LORA'), second.flush()]);
    expect(lora).toEqual([0, 8]);
    expect(await series(first, 'LORA')).toEqual([0, 8]);
    expect(await series(first, 'TELTONIKA')).toEqual([2, 45]);

    await first.close();
    await second.close();
  });

  it('keeps its counts for the next flush when the database refuses one', async () => {
    const meter = new IngestMeter(db);
    meter.count('DIGITAL_MATTER', 3, NOW_MS);
    await db.exec('ALTER TABLE ingest_hour RENAME TO ingest_hour_away');
    await expect(meter.flush()).rejects.toThrow();
    await db.exec('ALTER TABLE ingest_hour_away RENAME TO ingest_hour');
    await meter.flush();
    expect(await series(new IngestMeter(db), 'DIGITAL_MATTER')).toEqual([0, 3]);
    await meter.close();
  });
});
