// npm run backup and npm run restore: a round trip gives back the same database, counted table by
// table and read through the machine list; a bad archive changes nothing.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backupPglite,
  backupPostgres,
  BackupError,
  restorePglite,
  restorePostgres,
} from '../../server/db/backup.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemoIfEmpty } from '../../server/demo/seed.ts';
import { ReadModel } from '../../server/readModel/readModel.ts';
import { listMachines } from '../../server/modules/machines/list.ts';
import { getOrganisation } from '../../server/tenancy/organisation.ts';
import { buildPipeline } from '../../server/telemetry/pipeline.ts';
import { emptyRecord } from '../../server/telemetry/record.ts';
import { createPostgresDatabase, testDatabases } from '../support/databases.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/testServer.ts';

const TABLES = [
  'organisation',
  'app_user',
  'machine',
  'hire',
  'site',
  'source',
  'telemetry_record',
  'activity_segment',
  'machine_day_rollup',
];
const work = mkdtempSync(path.join(tmpdir(), 'fleet-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The demo with two hours of one tracker's records, worked out by the engine. */
async function fill(db: Database): Promise<void> {
  await seedDemoIfEmpty(db, { adminEmail: DEMO_ADMIN, password: DEMO_PASSWORD });
  const [tracker] = await db.query<{ code: string }>(
    "SELECT s.code FROM source s JOIN machine m ON m.id = s.machine_id WHERE m.asset_id = 'NPH-1101'",
  );
  const { rollups, ingest } = buildPipeline(db);
  const start = Date.UTC(2026, 10, 2, 8);
  await ingest(
    Array.from({ length: 120 }, (_, i) => ({
      ...emptyRecord('TELTONIKA', tracker?.code ?? '', start + i * 60_000, start + i * 60_000),
      ignition: true,
      engineRpm: 1500,
      latitude: 51.5,
      longitude: -0.2,
      satellites: 9,
    })),
  );
  await rollups.drain();
}

/** What a restore must give back: every table's rows, and the machine list over all time. */
async function snapshot(db: Database) {
  const counts: Record<string, number> = {};
  for (const table of TABLES)
    counts[table] =
      (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0;
  const [org] = await db.query<{ id: string }>(
    "SELECT id FROM organisation WHERE name = 'Northbank Plant Hire'",
  );
  const organisation = await getOrganisation(db, org?.id ?? '');
  if (!organisation) throw new Error('no demo organisation');
  // A closed range: the time after a machine's last record counts as missing up to now.
  const list = await listMachines(new ReadModel(db), organisation, {
    start: '2026-11-01',
    end: '2026-11-03',
    show: 'all',
  });
  return { counts, machines: list.machines.map((m) => [m.id, m.name, m.activitySummary]) };
}

describe('embedded database backup', () => {
  const dataDir = path.join(work, 'data');
  const file = path.join(work, 'embedded.tar.gz');
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('backs up and restores into another folder with the same tables and machine list', async () => {
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await fill(db);
    before = await snapshot(db);
    expect(before.counts.telemetry_record).toBe(120);
    await db.close();

    await backupPglite(dataDir, file);
    const elsewhere = path.join(work, 'elsewhere');
    expect(await restorePglite(elsewhere, file)).toBeNull();
    const restored = await openDatabase({ databaseUrl: undefined, dataDir: elsewhere });
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
  });

  it('replaces a changed database, keeping the one it replaced', async () => {
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    await db.query("DELETE FROM machine WHERE asset_id = 'NPH-1101'");
    await db.close();
    const kept = await restorePglite(dataDir, file);
    expect(kept && existsSync(kept)).toBe(true);
    const restored = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(await snapshot(restored)).toEqual(before);
    await restored.close();
  });

  it('refuses an archive that is not a backup and leaves the database as it was', async () => {
    const bad = path.join(work, 'bad.tar.gz');
    writeFileSync(bad, 'not an archive');
    await expect(restorePglite(dataDir, bad)).rejects.toBeInstanceOf(BackupError);
    const db = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(await snapshot(db)).toEqual(before);
    // While the portal has the database open, neither backup nor restore touches it.
    await expect(backupPglite(dataDir, path.join(work, 'busy.tar.gz'))).rejects.toThrow(
      /in use|lock|running/i,
    );
    await db.close();
  });
});

describe.runIf(testDatabases.some((d) => d.kind === 'postgres'))('PostgreSQL backup', () => {
  it('pg_dump and pg_restore give back the same tables and machine list', async () => {
    const source = await createPostgresDatabase();
    const target = await createPostgresDatabase();
    try {
      const db = await openDatabase({ databaseUrl: source.url, dataDir: undefined });
      await fill(db);
      const before = await snapshot(db);
      await db.close();
      const file = path.join(work, 'postgres.dump');
      await backupPostgres(source.url, file);
      await restorePostgres(target.url, file);
      const restored = await openDatabase({ databaseUrl: target.url, dataDir: undefined });
      expect(await snapshot(restored)).toEqual(before);
      await restored.close();
      await expect(
        restorePostgres(target.url, path.join(work, 'missing.dump')),
      ).rejects.toBeInstanceOf(BackupError);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
