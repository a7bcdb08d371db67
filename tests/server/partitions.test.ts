// Telemetry by month on PostgreSQL (migration 036, server/db/partitions.ts): the migration keeps
// every stored record, the ingest makes the months it needs, a record that waited in the default
// partition moves into its month, and the retention drops whole months.
// @module-tag calendar: its figures follow the date, weekday or hour; CI reruns it on moved clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { TelemetryPartitions } from '../../server/db/partitions.ts';
import { createIngest } from '../../server/telemetry/ingest.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { createPostgresDatabase, testDatabases } from '../support/databases.ts';

const onPostgres = testDatabases.some((database) => database.kind === 'postgres');
const CODE = '350000000036036';

describe.skipIf(!onPostgres)('telemetry partitions on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let sourceId = '';

  const monthsOf = async () =>
    (
      await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'telemetry_record'::regclass ORDER BY 1`,
      )
    ).map((row) => row.name);
  const whereIs = async (iso: string) =>
    (
      await db.query<{ partition: string }>(
        `SELECT tableoid::regclass::text AS partition FROM telemetry_record
          WHERE source_id = $1 AND device_time = $2`,
        [sourceId, iso],
      )
    )[0]?.partition;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    db = await openPostgres(created.url);
    // The schema as it was before the partitions, with records in it.
    await migrate(
      db,
      readMigrations().filter((migration) => migration.version < 36),
    );
    const [source] = await db.query<{ id: string }>(
      `INSERT INTO source (type, code, expected_interval_s) VALUES ('TELTONIKA', $1, 60) RETURNING id`,
      [CODE],
    );
    sourceId = source?.id ?? '';
    await db.query(
      `INSERT INTO telemetry_record (source_id, device_time, received_time, ignition)
       SELECT $1, t, t, true FROM generate_series('2026-03-30T00:00:00Z'::timestamptz,
                                                  '2026-04-02T00:00:00Z', interval '1 hour') t`,
      [sourceId],
    );
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('moves the stored records into their months and makes the months ahead', async () => {
    const [counted] = await db.query<{ n: number }>('SELECT count(*) AS n FROM telemetry_record');
    expect(counted?.n).toBe(73);
    const months = await monthsOf();
    expect(months).toContain('telemetry_record_2026_03');
    expect(months).toContain('telemetry_record_2026_04');
    expect(months).toContain('telemetry_record_default');
    const thisMonth = new Date().toISOString().slice(0, 7).replace('-', '_');
    expect(months).toContain(`telemetry_record_${thisMonth}`);
    expect(await whereIs('2026-03-31T12:00:00Z')).toBe('telemetry_record_2026_03');
  });

  it('makes the month a batch needs, before inserting it', async () => {
    const partitions = new TelemetryPartitions(db);
    const ingest = createIngest(db, { partitions });
    const at = Date.parse('2024-07-15T10:00:00Z');
    await ingest([{ ...emptyRecord('TELTONIKA', CODE, at, at), ignition: true }]);
    expect(await whereIs('2024-07-15T10:00:00Z')).toBe('telemetry_record_2024_07');
    // A batch mostly in a month already made, with records of two months not made between them.
    const times = ['2024-07-16T10:00:00Z', '2024-08-01T00:00:00Z', '2024-07-31T23:59:59Z'];
    times.push('2024-09-02T10:00:00Z', '2024-07-17T10:00:00Z');
    await ingest(
      times.map((iso) => ({
        ...emptyRecord('TELTONIKA', CODE, Date.parse(iso), at),
        ignition: true,
      })),
    );
    expect(await whereIs('2024-08-01T00:00:00Z')).toBe('telemetry_record_2024_08');
    expect(await whereIs('2024-07-31T23:59:59Z')).toBe('telemetry_record_2024_07');
    expect(await whereIs('2024-09-02T10:00:00Z')).toBe('telemetry_record_2024_09');
  });

  it('moves what waited in the default partition into its month when the month is made', async () => {
    await db.query(
      `INSERT INTO telemetry_record (source_id, device_time, received_time) VALUES ($1, $2, now())`,
      [sourceId, '2023-02-10T08:00:00Z'],
    );
    expect(await whereIs('2023-02-10T08:00:00Z')).toBe('telemetry_record_default');
    await new TelemetryPartitions(db).ensureFor([Date.parse('2023-02-20T00:00:00Z')]);
    expect(await whereIs('2023-02-10T08:00:00Z')).toBe('telemetry_record_2023_02');
  });

  it('drops whole months past the retention', async () => {
    const partitions = new TelemetryPartitions(db);
    const dropped = await partitions.dropBefore(12, Date.parse('2026-05-10T00:00:00Z'));
    expect(dropped).toEqual([
      'telemetry_record_2023_02',
      'telemetry_record_2024_07',
      'telemetry_record_2024_08',
      'telemetry_record_2024_09',
    ]);
    const months = await monthsOf();
    expect(months).toContain('telemetry_record_2026_03');
    expect(months).not.toContain('telemetry_record_2024_07');
    const [counted] = await db.query<{ n: number }>('SELECT count(*) AS n FROM telemetry_record');
    expect(counted?.n).toBe(73);
  });
});
